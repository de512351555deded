import type { Explore } from '@roam/contract/entities';
import { MESSAGES } from '@roam/contract/messages';
import { lazy, Suspense } from 'react';
import { RowLink } from '../../core/lists/components/row-link';
import { defineList, type RowAction, recordActions } from '../../core/lists/list-declaration';
import { formatDate } from '../../lib/format-date';

/** The form, with its editor, loads when a popup opens. */
const ExploreForm = lazy(() => import('./explore-form'));
const exploreForm = (props: { explore?: Explore; onClose: () => void }) => (
  <Suspense fallback={null}>
    <ExploreForm {...props} />
  </Suspense>
);

const edit: RowAction<Explore> = {
  kind: 'popup',
  key: 'edit',
  label: 'Edit',
  permission: 'write',
  isShown: (explore) => explore.status !== 'DELETED',
  render: ({ row, onClose }) => exploreForm({ explore: row, onClose }),
};

/** The row menu's actions, offered on the explore's detail page too. */
export const exploreActions = [edit, ...recordActions<Explore>('explore')];

/**
 * Things ToDo (SPEC §2): title to the item's detail, its city, dates; a city filter; Add and, in the
 * row menu, Edit with write permission (also the /addexplore page).
 */
export default defineList<Explore>({
  area: 'explore',
  rowName: (explore) => explore.title,
  columns: [
    {
      accessor: 'title',
      title: 'Title',
      render: (explore) => (
        <RowLink to="/exploredetail/$id" params={{ id: explore._id }}>
          {explore.title}
        </RowLink>
      ),
    },
    {
      accessor: 'city',
      title: 'City',
      render: (explore) => explore.city || MESSAGES.notAvailableShort,
      priority: 2,
    },
    {
      accessor: 'createdAt',
      title: 'Created at',
      render: (explore) => formatDate(explore.createdAt),
      priority: 3,
    },
    {
      accessor: 'updatedAt',
      title: 'Updated at',
      render: (explore) => formatDate(explore.updatedAt),
      priority: 4,
    },
  ],
  getStatus: (explore) => explore.status,
  actions: exploreActions,
  create: { label: 'Add Things ToDo', render: ({ onClose }) => exploreForm({ onClose }) },
  filters: { city: true },
});
