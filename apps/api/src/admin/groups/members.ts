import type { GroupDetailQuery, groupDetailResponseSchema } from '@roam/contract/details';
import type { groupMemberSchema } from '@roam/contract/entities';
import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { groupMembers, groups, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { conflict, notFound } from '../../lib/http-error';
import { allOf, isUuid, ownerCondition, searchTextCondition } from '../core/list-filters';
import { defineListView, type ExtraConditions, findResource, listResource } from '../core/resource';
import { groupResource } from './resource';

/** A group by its `_id` (a UUID) or its statusID. */
const groupKeyCondition = (key: string) => (isUuid(key) ? eq(groups.id, key) : eq(groups.statusId, key));

/**
 * A group's memberships as the list engine reads them: the membership's status and dates, and the
 * member. Removed members are kept and shown as DELETED.
 */
const memberView = defineListView({
  area: 'groups',
  table: groupMembers,
  joins: [{ table: users, on: eq(users.id, groupMembers.userId) }],
  select: {
    id: groupMembers.id,
    status: groupMembers.status,
    removed: groupMembers.removed,
    createdAt: groupMembers.createdAt,
    updatedAt: groupMembers.updatedAt,
    userId: users.id,
    userID: users.userId,
    username: users.username,
    email: users.email,
    fullname: users.fullname,
  },
  // The member's search text is searched through memberConditions: the counts read the memberships only.
  toApi: (row): z.input<typeof groupMemberSchema> => ({
    _id: row.id,
    status: row.status,
    removed: row.removed,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    user:
      row.userId === null
        ? null
        : {
            _id: row.userId,
            userID: row.userID ?? '',
            username: row.username ?? '',
            email: row.email ?? '',
            fullname: row.fullname ?? '',
          },
  }),
});

/** The group's memberships, and with a search those whose user's username, email or name matches. */
function memberConditions(db: Database, groupId: string): ExtraConditions {
  return (query, bind) => {
    const matches = searchTextCondition(users.searchText, query.searchphrase, bind);
    return [
      eq(groupMembers.groupId, bind('group', groupId)),
      matches && inArray(groupMembers.userId, db.select({ id: users.id }).from(users).where(matches)),
    ];
  };
}

/**
 * A group and one page of its members (SPEC §2 Group detail), read by the list engine (DESIGN §4,
 * prepared statements and the count cap included): search over the member's username, email and
 * name, whole-day dates on the membership's createdAt, its status; newest first; counts by status
 * under every filter but status.
 */
export async function readGroupDetail(
  db: Database,
  key: string,
  query: GroupDetailQuery,
): Promise<z.input<typeof groupDetailResponseSchema>> {
  const groupinfo = await findResource(db, groupResource, groupKeyCondition(key));
  if (!groupinfo) throw notFound('Group');
  const { rows, searchcount, active, inactive, deleted, countsCapped, countsEstimated } = await listResource(
    db,
    memberView,
    query,
    { conditions: memberConditions(db, groupinfo._id) },
  );
  return {
    groupinfo,
    members: rows,
    searchcount,
    active,
    inactive,
    deleted,
    countsCapped,
    ...(countsEstimated ? { countsEstimated } : {}),
  };
}

/**
 * Removes a member from a group (SPEC §7 POST /group/remove/members): the membership is kept, marked
 * removed and DELETED, with its audit entry in the same transaction and the row locked while
 * checked. 404 unknown group or not a member, 409 already removed.
 */
export async function removeMember(
  db: Database,
  input: { groupKey: string; userKey: string; actorId: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [group] = await tx.select({ id: groups.id }).from(groups).where(groupKeyCondition(input.groupKey));
    if (!group) throw notFound('Group');
    const [member] = await tx
      .select({
        id: groupMembers.id,
        userId: groupMembers.userId,
        status: groupMembers.status,
        removed: groupMembers.removed,
      })
      .from(groupMembers)
      .where(allOf([eq(groupMembers.groupId, group.id), ownerCondition(groupMembers.userId, input.userKey)]))
      .for('update');
    if (!member) throw notFound('Member');
    if (member.removed || member.status === 'DELETED') throw conflict('This member is already removed');
    await tx
      .update(groupMembers)
      .set({ removed: true, status: 'DELETED', updatedAt: sql`now()` })
      .where(eq(groupMembers.id, member.id));
    await recordAudit(tx, {
      actorId: input.actorId,
      action: 'remove-member',
      entity: groupResource.area,
      entityId: group.id,
      before: { member: member.userId, status: member.status, removed: false },
      after: { member: member.userId, status: 'DELETED', removed: true },
    });
  });
}
