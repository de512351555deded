import { useParams } from '@tanstack/react-router';
import { defineDetail } from '../../core/details/detail-declaration';
import { DetailPage } from '../../core/details/detail-page';
import { DetailSection, FieldGrid } from '../../core/details/field-grid';
import { RichTextView } from '../../core/details/rich-text-view';
import { formatDateTime } from '../../lib/format-date';

/** Things To Do detail (SPEC §2: /exploredetail/{id}): photos, title, status, body, city, times. */
const exploreDetail = defineDetail({
  area: 'explore',
  noun: 'thing to do',
  list: { path: '/explore', title: 'Things ToDo' },
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

export default function ExploreDetail() {
  const { id } = useParams({ strict: false }) as { id?: string };
  return <DetailPage declaration={exploreDetail} id={id ?? ''} />;
}
