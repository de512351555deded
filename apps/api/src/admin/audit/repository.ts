import { AUDIT_COUNT_CAP, type AuditAnswer, type AuditQuery } from '@roam/contract/audit';
import { count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import { allOf, dateConditions, isUuid, searchCondition } from '../core/list-filters';
import { iso } from '../core/row-mappers';

/** The entry columns searched by `searchphrase`, and the actor's. */
const SEARCHED = [auditLog.action, auditLog.entity, auditLog.entityId, users.username, users.email] as const;

function actorCondition(actor: string): SQL {
  return isUuid(actor)
    ? eq(auditLog.actorId, actor)
    : sql`${auditLog.actorId} in (select ${users.id} from ${users} where ${users.userId} = ${actor})`;
}

/**
 * One page of the audit log (DESIGN §8), newest first, with the actor of each entry, and how many
 * entries match, counted up to AUDIT_COUNT_CAP (the log only grows: never a full count).
 */
export async function readAuditLog(db: Database, query: AuditQuery): Promise<AuditAnswer> {
  const where = allOf([
    searchCondition(SEARCHED, query.searchphrase),
    ...dateConditions(auditLog.createdAt, query),
    query.actor ? actorCondition(query.actor) : undefined,
    query.entity ? eq(auditLog.entity, query.entity) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
  ]);
  const matches = db
    .select({ id: auditLog.id })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .limit(AUDIT_COUNT_CAP + 1)
    .as('matches');
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        actorId: auditLog.actorId,
        actorUserID: users.userId,
        actorUsername: users.username,
        action: auditLog.action,
        entity: auditLog.entity,
        entityId: auditLog.entityId,
        before: auditLog.before,
        after: auditLog.after,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.limit)
      .offset(query.skip),
    db.select({ n: count() }).from(matches),
  ]);
  const total = counted?.n ?? 0;
  return {
    entries: rows.map((row) => ({
      _id: String(row.id),
      actor:
        row.actorId && row.actorUserID !== null
          ? { _id: row.actorId, userID: row.actorUserID, username: row.actorUsername ?? '' }
          : null,
      action: row.action,
      entity: row.entity,
      entityId: row.entityId,
      before: row.before,
      after: row.after,
      createdAt: iso(row.createdAt),
    })),
    searchcount: Math.min(total, AUDIT_COUNT_CAP),
    countsCapped: total > AUDIT_COUNT_CAP,
  };
}
