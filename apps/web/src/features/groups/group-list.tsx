import { groupStatusOf } from '@roam/contract/areas';
import type { groupSchema } from '@roam/contract/entities';
import { MESSAGES } from '@roam/contract/messages';
import { type RecordStatus, STATUS_COLORS } from '@roam/contract/status';
import type { z } from 'zod';
import { RowLink } from '../../core/lists/components/row-link';
import { defineList, recordActions } from '../../core/lists/list-declaration';
import { formatDate } from '../../lib/format-date';

type Group = z.infer<typeof groupSchema>;

const STATUS_LABELS: Record<RecordStatus, string> = {
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
  DELETED: 'Deleted',
};

/** The row menu's actions, offered on the group's page too. */
export const groupActions = recordActions<Group>('groups', {
  getStatus: groupStatusOf,
  deleted: MESSAGES.groupDeleted,
});

/** Group list (SPEC §2): status text to the group's detail; per-user list by `userId`. */
export default defineList<Group>({
  area: 'groups',
  rowName: (group) => group.statusText,
  columns: [
    {
      accessor: 'statusText',
      title: 'Status text',
      render: (group) => (
        <RowLink to="/groupdetail/$statusId" params={{ statusId: group.statusID }}>
          {group.statusText}
        </RowLink>
      ),
    },
    { accessor: 'country', title: 'Country', priority: 2 },
    { accessor: 'membersCount', title: 'Members' },
    // SPEC §9: the rating's first 4 characters.
    {
      accessor: 'rating',
      title: 'Rating',
      render: (group) => String(group.rating).slice(0, 4),
    },
    {
      accessor: 'createdAt',
      title: 'Created at',
      render: (group) => formatDate(group.createdAt),
      priority: 3,
    },
  ],
  getStatus: groupStatusOf,
  statusLabel: (group) => {
    const status = groupStatusOf(group);
    return { label: STATUS_LABELS[status], color: STATUS_COLORS[status] };
  },
  actions: groupActions,
  filters: { city: true },
});
