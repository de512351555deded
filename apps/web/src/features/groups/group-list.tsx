import type { groupSchema } from '@roam/contract/entities';
import { MESSAGES } from '@roam/contract/messages';
import { type RecordStatus, STATUS_COLORS } from '@roam/contract/status';
import type { z } from 'zod';
import { RowLink } from '../../core/lists/components/row-link';
import { defineList, statusActions } from '../../core/lists/list-declaration';
import { formatDate } from '../../lib/format-date';

type Group = z.infer<typeof groupSchema>;

/** SPEC §4: a group's status is its booleans, Inactive when neither active nor deleted. */
function getGroupStatus(group: Group): RecordStatus {
  if (group.deleted) return 'DELETED';
  return group.active ? 'ACTIVE' : 'INACTIVE';
}

const STATUS_LABELS: Record<RecordStatus, string> = {
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
  DELETED: 'Deleted',
};

/** SPEC §7: the group list's status is 1 (active), 0 (inactive), DELETED, or omitted for All. */
function groupStatusParam(status: RecordStatus | undefined): string | undefined {
  switch (status) {
    case 'ACTIVE':
      return '1';
    case 'INACTIVE':
      return '0';
    case 'DELETED':
      return 'DELETED';
    default:
      return undefined;
  }
}

/** Group list (SPEC §2): status text to the group's detail; per-user list by `userId`. */
export default defineList<Group>({
  area: 'groups',
  noun: 'group',
  rowName: (group) => group.statusText,
  columns: [
    {
      accessor: 'statusText',
      title: 'Status text',
      render: (group) => <RowLink to={`/groupdetail/${group.statusID}`}>{group.statusText}</RowLink>,
    },
    { accessor: 'country', title: 'Country', visibleFrom: 'sm' },
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
      visibleFrom: 'md',
    },
  ],
  getStatus: getGroupStatus,
  statusLabel: (group) => {
    const status = getGroupStatus(group);
    return { label: STATUS_LABELS[status], color: STATUS_COLORS[status] };
  },
  actions: statusActions<Group>(
    getGroupStatus,
    {
      setStatus: (group, to) => ({
        method: 'PUT',
        path: `/admin/group/toggle/${group._id}`,
        query: { markas: to === 'ACTIVE' ? '1' : '0' },
      }),
      remove: (group) => ({
        method: 'DELETE',
        path: '/admin/group/delete',
        query: { statusId: group.statusID },
      }),
    },
    { activated: 'Group activated', inactivated: 'Group inactivated', deleted: MESSAGES.groupDeleted },
  ),
  filters: { city: true },
  ownerParam: 'userId',
  statusParam: groupStatusParam,
});
