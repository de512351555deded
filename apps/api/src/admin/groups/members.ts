import type { GroupDetail, GroupDetailQuery } from '@roam/contract/details';
import type { RecordStatus } from '@roam/contract/status';
import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { groupMembers, groups, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { conflict, notFound } from '../../lib/http-error';
import {
  allOf,
  dateConditions,
  isUuid,
  newestFirst,
  ownerCondition,
  searchCondition,
  statusCondition,
} from '../core/list-filters';
import { findResource } from '../core/resource';
import { iso } from '../core/row-mappers';
import { groupResource } from './resource';

/** A group by its `_id` (a UUID) or its statusID. */
const groupKeyCondition = (key: string) => (isUuid(key) ? eq(groups.id, key) : eq(groups.statusId, key));

/** The member columns searched by `searchphrase`: username, email and full name. */
const MEMBER_SEARCH = [users.username, users.email, users.fullname, users.lastname] as const;

/**
 * A group and one page of its members (SPEC §2 Group detail), with the list semantics of DESIGN §4
 * on the memberships: search over the member's username, email and name, whole-day dates on the
 * membership's createdAt, its status; newest first; counts by status under every filter but status.
 * Removed members are kept and shown as DELETED.
 */
export async function readGroupDetail(
  db: Database,
  key: string,
  query: GroupDetailQuery,
): Promise<GroupDetail> {
  const groupinfo = (await findResource(db, groupResource, groupKeyCondition(key))) as
    | GroupDetail['groupinfo']
    | undefined;
  if (!groupinfo) throw notFound('Group');

  const filters = allOf([
    eq(groupMembers.groupId, groupinfo._id),
    searchCondition(MEMBER_SEARCH, query.searchphrase),
    ...dateConditions(groupMembers.createdAt, query),
  ]);
  const where = allOf([filters, statusCondition(groupMembers.status, query.status)]);
  const [rows, tiles] = await Promise.all([
    db
      .select({
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
      })
      .from(groupMembers)
      .leftJoin(users, eq(users.id, groupMembers.userId))
      .where(where)
      .orderBy(...newestFirst(groupMembers.createdAt, groupMembers.id))
      .limit(query.limit)
      .offset(query.skip),
    db
      .select({ status: groupMembers.status, n: count() })
      .from(groupMembers)
      .leftJoin(users, eq(users.id, groupMembers.userId))
      .where(filters)
      .groupBy(groupMembers.status),
  ]);
  const tally = (status: RecordStatus) => tiles.find((row) => row.status === status)?.n ?? 0;
  const counts = { active: tally('ACTIVE'), inactive: tally('INACTIVE'), deleted: tally('DELETED') };
  return {
    groupinfo,
    members: rows.map((row) => ({
      _id: row.id,
      status: row.status as RecordStatus,
      removed: row.removed,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
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
    })),
    searchcount:
      query.status === 'All' ? counts.active + counts.inactive + counts.deleted : tally(query.status),
    ...counts,
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
