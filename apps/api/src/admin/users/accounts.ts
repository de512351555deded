import type { UserUpdateFields } from '@roam/contract/forms';
import {
  isAdminRole,
  PERMISSION_MODULES,
  type PermissionModule,
  type Permissions,
  type RoleType,
} from '@roam/contract/permissions';
import type { RecordStatus } from '@roam/contract/status';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Sessions } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { adminPermissions, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { conflict, forbidden, notFound } from '../../lib/http-error';
import type { Caller } from '../../plugins/authentication';
import { isUuid } from '../core/list-filters';
import { assertTransition } from '../core/transitions';
import { userResource } from './resource';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Account = { id: string; userID: string; role: string; status: RecordStatus };
export type Actor = Pick<Caller, 'id' | 'role'>;

const ENTITY = userResource.area;

/**
 * One change of an account (the repository behind users/routes.ts), in a transaction with the
 * account's row locked: 404 for an unknown uid (`_id` or `userID`), 409 for a change of one's own
 * account (`selfMessage`), 403 for a sub-admin changing an admin. A change that may leave the
 * product without an active admin (`mayRemoveAdmin`) first locks every active admin's row, in id
 * order, so that two concurrent removals cannot both pass the check, and is refused for the last one.
 */
async function changeAccount(
  db: Database,
  input: { uid: string; actor: Actor; mayRemoveAdmin: boolean; selfMessage?: string },
  change: (tx: Transaction, account: Account) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const activeAdmins = input.mayRemoveAdmin
      ? await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.role, 'admin'), eq(users.status, 'ACTIVE')))
          .orderBy(asc(users.id))
          .for('update')
      : [];
    const [account] = await tx
      .select({ id: users.id, userID: users.userId, role: users.role, status: users.status })
      .from(users)
      .where(isUuid(input.uid) ? eq(users.id, input.uid) : eq(users.userId, input.uid))
      .for('update');
    if (!account) throw notFound('User');
    if (input.selfMessage && account.id === input.actor.id) throw conflict(input.selfMessage);
    if (account.role === 'admin' && input.actor.role !== 'admin') {
      throw forbidden("Only an admin may change an admin's account");
    }
    const isActiveAdmin = account.role === 'admin' && account.status === 'ACTIVE';
    if (input.mayRemoveAdmin && isActiveAdmin && activeAdmins.length <= 1) {
      throw conflict('The last active admin cannot be removed');
    }
    await change(tx, { ...account, status: account.status as RecordStatus });
  });
}

async function setStatus(tx: Transaction, account: Account, to: RecordStatus, actor: Actor) {
  await tx.update(users).set({ status: to, updatedAt: sql`now()` }).where(eq(users.id, account.id));
  await recordAudit(tx, {
    actorId: actor.id,
    action: to === 'DELETED' ? 'delete' : 'toggle',
    entity: ENTITY,
    entityId: account.id,
    before: { status: account.status },
    after: { status: to },
  });
}

async function readPermissions(tx: Transaction, userId: string) {
  const rows = await tx.select().from(adminPermissions).where(eq(adminPermissions.userId, userId));
  return Object.fromEntries(
    rows.map((row) => [
      row.module,
      { read: row.canRead ? 1 : 0, write: row.canWrite ? 1 : 0, delete: row.canDelete ? 1 : 0 },
    ]),
  );
}

/** INACTIVE to ACTIVE (PUT /users/enable); anything else is a 409. */
export async function activateAccount(db: Database, input: { uid: string; actor: Actor }) {
  await changeAccount(db, { ...input, mayRemoveAdmin: false }, async (tx, account) => {
    assertTransition(ENTITY, account.status, 'ACTIVE');
    await setStatus(tx, account, 'ACTIVE', input.actor);
  });
}

/** ACTIVE to INACTIVE (POST /users/disable), ending the account's sessions (DESIGN §7). */
export async function inactivateAccount(
  db: Database,
  sessions: Sessions,
  input: { uid: string; actor: Actor },
) {
  const guards = { mayRemoveAdmin: true, selfMessage: 'You cannot inactivate your own account' };
  await changeAccount(db, { ...input, ...guards }, async (tx, account) => {
    assertTransition(ENTITY, account.status, 'INACTIVE');
    await setStatus(tx, account, 'INACTIVE', input.actor);
    await sessions.endAllSessions(tx, account.id);
  });
}

/** Marks the account DELETED, keeping the row, and ends its sessions (DELETE /users/deleteuser). */
export async function deleteAccount(db: Database, sessions: Sessions, input: { uid: string; actor: Actor }) {
  const guards = { mayRemoveAdmin: true, selfMessage: 'You cannot delete your own account' };
  await changeAccount(db, { ...input, ...guards }, async (tx, account) => {
    assertTransition(ENTITY, account.status, 'DELETED');
    await setStatus(tx, account, 'DELETED', input.actor);
    await sessions.endAllSessions(tx, account.id);
  });
}

/**
 * Makes an ACTIVE user an admin or a sub-admin with `permissions` (POST /users/addrole); an existing
 * sub-admin may be given new permissions or made admin; an admin stays as is (409). The caller has
 * already checked that it may grant the role and the permissions.
 */
export async function grantAdminRole(
  db: Database,
  input: { uid: string; actor: Actor; roleType: RoleType; permissions: Permissions },
) {
  const guards = { mayRemoveAdmin: false, selfMessage: 'You cannot change your own role' };
  await changeAccount(db, { ...input, ...guards }, async (tx, account) => {
    if (account.status !== 'ACTIVE') throw conflict(`A ${account.status} user cannot be made admin`);
    if (account.role === 'admin') throw conflict('This user is already an admin');
    const before = { role: account.role, permissions: await readPermissions(tx, account.id) };
    await tx.delete(adminPermissions).where(eq(adminPermissions.userId, account.id));
    await tx.insert(adminPermissions).values(
      PERMISSION_MODULES.map((module: PermissionModule) => ({
        userId: account.id,
        module,
        canRead: input.permissions[module].read === 1,
        canWrite: input.permissions[module].write === 1,
        canDelete: input.permissions[module].delete === 1,
      })),
    );
    await tx
      .update(users)
      .set({ role: input.roleType, updatedAt: sql`now()` })
      .where(eq(users.id, account.id));
    await recordAudit(tx, {
      actorId: input.actor.id,
      action: 'role.grant',
      entity: ENTITY,
      entityId: account.id,
      before,
      after: { role: input.roleType, permissions: input.permissions },
    });
  });
}

/** Back to role 'user' (POST /users/disablerole): permissions removed, sessions ended. */
export async function removeAdminRole(
  db: Database,
  sessions: Sessions,
  input: { uid: string; actor: Actor },
) {
  const guards = { mayRemoveAdmin: true, selfMessage: 'You cannot remove your own admin role' };
  await changeAccount(db, { ...input, ...guards }, async (tx, account) => {
    if (!isAdminRole(account.role)) throw conflict('This user is not an admin');
    const before = { role: account.role, permissions: await readPermissions(tx, account.id) };
    await tx.delete(adminPermissions).where(eq(adminPermissions.userId, account.id));
    await tx.update(users).set({ role: 'user', updatedAt: sql`now()` }).where(eq(users.id, account.id));
    await sessions.endAllSessions(tx, account.id);
    await recordAudit(tx, {
      actorId: input.actor.id,
      action: 'role.remove',
      entity: ENTITY,
      entityId: account.id,
      before,
      after: { role: 'user', permissions: {} },
    });
  });
}

/**
 * Edits a user's names and home location (PUT /admin/users/update, DESIGN §8): only what changed is
 * written, with its audit entry; a username another user has (any case) is 409, checked under a
 * lock on that name so two edits cannot both take it. Answers whether anything changed.
 */
export async function updateAccount(
  db: Database,
  input: { uid: string; actor: Actor; fields: UserUpdateFields },
): Promise<boolean> {
  let changed = false;
  await changeAccount(
    db,
    { uid: input.uid, actor: input.actor, mayRemoveAdmin: false },
    async (tx, account) => {
      const { fields } = input;
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`username:${fields.username.toLowerCase()}`}))`,
      );
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(sql`lower(${users.username}) = ${fields.username.toLowerCase()}`, ne(users.id, account.id)),
        )
        .limit(1);
      if (taken) throw conflict('username: this username is taken');
      const [current] = await tx
        .select({
          fullname: users.fullname,
          lastname: users.lastname,
          username: users.username,
          homeLocation: users.homeLocation,
        })
        .from(users)
        .where(eq(users.id, account.id));
      if (!current) throw notFound('User');
      const wanted = {
        fullname: fields.fullname,
        lastname: fields.lastname ?? '',
        username: fields.username,
        homeLocation: fields.homeLocation ?? '',
      };
      const changes: Partial<typeof wanted> = {};
      const before: Partial<typeof wanted> = {};
      for (const key of ['fullname', 'lastname', 'username', 'homeLocation'] as const) {
        if ((current[key] ?? '') === wanted[key]) continue;
        changes[key] = wanted[key];
        before[key] = current[key] ?? '';
      }
      if (Object.keys(changes).length === 0) return;
      await tx
        .update(users)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(users.id, account.id));
      await recordAudit(tx, {
        actorId: input.actor.id,
        action: 'update',
        entity: ENTITY,
        entityId: account.id,
        before,
        after: changes,
      });
      changed = true;
    },
  );
  return changed;
}
