import { defineDetail } from '../../core/details/detail-declaration';
import { DetailSection, FieldGrid } from '../../core/details/field-grid';
import { RichTextView } from '../../core/details/rich-text-view';
import { formatDateTime } from '../../lib/format-date';
import { exploreActions } from './explore-list';

/** Things To Do detail (SPEC §2: /exploredetail/{id}): photos, title, status, body, city, times. */
const exploreDetail = defineDetail({
  area: 'explore',
  actions: exploreActions,
  title: (explore) => explore.title,
  status: (explore) => explore.status,
  images: (explore) => explore.imageurl,
  header: (explore) => (
    <FieldGrid
      cols={3}
      fields={[
        { label: 'City', value: explore.city },
        { label: 'Created at', value: formatDateTime(explore.createdAt) },
        { label: 'Updated at', value: formatDateTime(explore.updatedAt) },
      ]}
    />
  ),
  body: (explore) => (
    <DetailSection title="Body">
      <RichTextView document={explore.body} topLevel={3} />
    </DetailSection>
  ),
});

export default exploreDetail;
