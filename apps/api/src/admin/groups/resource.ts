import { groupStatusOf } from '@roam/contract/areas';
import { and, eq, sql } from 'drizzle-orm';
import { groupMembers, groups } from '../../db/schema';
import { exportDateTime, exportStatus } from '../core/export';
import { defineResource } from '../core/resource';
import { list } from '../core/row-mappers';

/**
 * Groups (SPEC §3, §7): the status is written to the booleans `active` and `deleted`; the list also takes
 * status 1 and 0 and answers `count`; the toggle takes markas=1|0; deletion is by statusID
 * (routes.ts), so the factory's DELETE /group/:id is not built.
 */
export const groupResource = defineResource({
  area: 'groups',
  columns: [
    { header: 'Status text', value: (group) => group.statusText, width: 1.6 },
    { header: 'Country', value: (group) => group.country },
    { header: 'Members', value: (group) => group.membersCount, width: 0.6 },
    { header: 'Rating', value: (group) => String(group.rating).slice(0, 4), width: 0.5 },
    { header: 'Status', value: (group) => exportStatus(groupStatusOf(group)), width: 0.8 },
    { header: 'Created at', value: (group) => exportDateTime(group.createdAt), width: 1.2 },
  ],
  table: groups,
  sortColumns: { statusText: groups.statusText },
  statusModel: {
    // The database keeps `status` from the booleans (a generated column).
    read: groups.status,
    write: (to) => (to === 'DELETED' ? { deleted: true } : { active: to === 'ACTIVE', deleted: false }),
  },
  search: groups.searchText,
  city: groups.cityId,
  owner: groups.userId,
  select: {
    group: groups,
    // A correlated count per listed row, served by group_members_group_idx. The condition is nested
    // SQL so that its columns stay qualified in a single-table select.
    membersCount: sql<number>`(select count(*)::int from ${groupMembers} where ${and(
      eq(groupMembers.groupId, groups.id),
      eq(groupMembers.removed, false),
    )})`,
  },
  toApi: ({ group, membersCount }) => {
    const row = group;
    return {
      _id: row.id,
      statusID: row.statusId,
      statusText: row.statusText,
      description: row.description,
      imageurl: list(row.imageUrls),
      country: row.country,
      membersCount: Number(membersCount ?? 0),
      rating: row.rating,
      active: row.active,
      deleted: row.deleted,
      removed: row.removed,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  },
});
