import type { Database } from '../db/client';
import { auditLog } from '../db/schema';

export type AuditEntry = {
  actorId: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
};

/** Every write leaves who, what, when, before and after (DESIGN §4). Pass the write's transaction. */
export async function recordAudit(executor: Pick<Database, 'insert'>, entry: AuditEntry): Promise<void> {
  await executor.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
