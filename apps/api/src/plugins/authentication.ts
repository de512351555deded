import { MFA_ERRORS } from '@roam/contract/mfa';
import {
  emptyPermissions,
  PERMISSION_MODULES,
  type PermissionAction,
  type PermissionModule,
  type Permissions,
} from '@roam/contract/permissions';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Sessions } from '../auth/sessions';
import type { Database } from '../db/client';
import { prepareRows, rowReaderOf } from '../db/row-reader';
import { adminPermissions, refreshTokens, users } from '../db/schema';
import { HttpError, unauthorized } from '../lib/http-error';

/** Who is calling, loaded fresh on every request so that a change of role or status applies at once. */
export type Caller = {
  id: string;
  userID: string;
  email: string;
  role: string;
  status: string;
  permissions: Permissions;
  /** Two-factor sign-in: on for this account, required for its role (DESIGN §8). */
  mfa: { enabled: boolean; required: boolean };
};

/**
 * What a route needs: a module and action (SPEC §6), `analytics` (every admin), or `self`
 * (any admin, about their own account). Routes without one are refused (deny by default).
 */
/**
 * What a route needs: an action on a permission module (analytics: any admin or sub-admin),
 * 'self' (any admin or sub-admin, on their own account) or 'admins' (role admin only).
 */
export type RoutePermission =
  | { module: PermissionModule | 'analytics'; action: PermissionAction }
  | 'self'
  | 'admins';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: Sessions;
    /** The caller of a bearer request, or a 401. */
    authenticate: (request: FastifyRequest) => Promise<Caller>;
    /** The caller behind an access token (the socket's handshake), or a 401. */
    authenticateToken: (token: string) => Promise<Caller>;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    permission?: RoutePermission;
    /** Reachable by an account that must set up two-factor sign-in and has not (GET /admin/me). */
    isOpenBeforeMfa?: boolean;
  }
}

/**
 * The two reads every /admin request makes, built once and prepared on each connection: the
 * account behind a token, and a sub-admin's permissions.
 */
function callerQueries(db: Database) {
  const accountRow = rowReaderOf({
    id: users.id,
    userID: users.userId,
    email: users.email,
    role: users.role,
    status: users.status,
    sessionVersion: users.sessionVersion,
    // The token's session is open while its refresh-token family is not revoked (signed out).
    isSessionOpen: sql<boolean>`(select bool_and(${refreshTokens.revokedAt} is null) from ${refreshTokens} where ${refreshTokens.familyId} = ${sql.placeholder('sid')})`,
    // Written with their tables' names: drizzle leaves a one-table select's columns unqualified.
    isMfaEnabled: sql<boolean>`exists (select 1 from mfa_factors f where f.user_id = "users"."id" and f.enabled_at is not null)`,
    isMfaRequired: sql<boolean>`coalesce((select p.is_required from mfa_policy p where p.role = "users"."role"), false)`,
  });
  const account = prepareRows(
    db,
    db
      .select(accountRow.fields)
      .from(users)
      .where(eq(users.id, sql.placeholder('id'))),
    'caller_account',
    accountRow,
  );
  const permissionRow = rowReaderOf({
    module: adminPermissions.module,
    canRead: adminPermissions.canRead,
    canWrite: adminPermissions.canWrite,
    canDelete: adminPermissions.canDelete,
  });
  const permissionRows = prepareRows(
    db,
    db
      .select(permissionRow.fields)
      .from(adminPermissions)
      .where(eq(adminPermissions.userId, sql.placeholder('id'))),
    'caller_permissions',
    permissionRow,
  );
  return {
    account: async (id: string, sid: string) => (await account.execute({ id, sid }))[0],
    permissions: async (id: string): Promise<Permissions> => {
      const permissions = emptyPermissions();
      for (const row of await permissionRows.execute({ id })) {
        if (!(PERMISSION_MODULES as readonly string[]).includes(row.module)) continue;
        permissions[row.module as PermissionModule] = {
          read: row.canRead ? 1 : 0,
          write: row.canWrite ? 1 : 0,
          delete: row.canDelete ? 1 : 0,
        };
      }
      return permissions;
    },
  };
}

/**
 * An account whose role requires two-factor sign-in and that has not set it up reaches only the
 * set-up (/auth/mfa/*) and GET /admin/me until it does (DESIGN §8): every other bearer route calls
 * this after authenticating.
 */
export function assertMfaSettled(caller: Caller): void {
  if (caller.mfa.required && !caller.mfa.enabled) {
    throw new HttpError(
      403,
      'Two-factor sign-in is required for your role: set it up on My Account first',
      MFA_ERRORS.enrollmentRequired,
    );
  }
}

export default fp(
  async function authenticationPlugin(app: FastifyInstance, options: { sessions: Sessions }) {
    app.decorate('sessions', options.sessions);
    app.decorateRequest('caller', null);
    const queries = callerQueries(app.db);

    const authenticateToken = async (token: string): Promise<Caller> => {
      const claims = await options.sessions.verifyAccessToken(token);
      if (!claims) throw unauthorized('Invalid or expired token');
      const user = await queries.account(claims.userId, claims.sessionId);
      const isOpen =
        user?.isSessionOpen === true &&
        user.sessionVersion === claims.sessionVersion &&
        user.status === 'ACTIVE';
      if (!user || !isOpen) throw unauthorized('Session has ended');
      const permissions = user.role === 'sub-admin' ? await queries.permissions(user.id) : emptyPermissions();
      return {
        id: user.id,
        userID: user.userID,
        email: user.email,
        role: user.role,
        status: user.status,
        permissions,
        mfa: { enabled: user.isMfaEnabled, required: user.isMfaRequired },
      };
    };
    app.decorate('authenticateToken', authenticateToken);
    app.decorate('authenticate', async (request: FastifyRequest): Promise<Caller> => {
      if (request.caller) return request.caller;
      const header = request.headers.authorization;
      const match = header?.match(/^Bearer\s+(\S+)$/i);
      if (!match) throw unauthorized('Missing bearer token');
      request.caller = await authenticateToken(match[1]!);
      return request.caller;
    });
  },
  { name: 'authentication', dependencies: ['database'] },
);
