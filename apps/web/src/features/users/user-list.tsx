import { Badge } from '@mantine/core';
import { AREAS, callPath, type OwnCall } from '@roam/contract/areas';
import type { AdminMe, User } from '@roam/contract/entities';
import { MESSAGES } from '@roam/contract/messages';
import { isAdminRole } from '@roam/contract/permissions';
import { lazy, Suspense } from 'react';
import { RowLink } from '../../core/lists/components/row-link';
import {
  type ActionRequest,
  defineList,
  type RowAction,
  statusActions,
} from '../../core/lists/list-declaration';
import { formatDate } from '../../lib/format-date';

// Loaded when the popup opens: the list and the profile do not need it to show.
const MakeAdminModal = lazy(() =>
  import('./components/make-admin-modal').then((module) => ({ default: module.MakeAdminModal })),
);

const ROLE_COLORS: Record<string, string> = { admin: 'violet', 'sub-admin': 'indigo', user: 'gray' };

/** The users' own calls (SPEC §7, AREAS' `calls`), each naming the user by `uid`. */
const userRequest = (call: OwnCall & { method: ActionRequest['method'] }, user: User): ActionRequest => ({
  method: call.method,
  path: callPath(call),
  query: { uid: user._id },
});
const { calls } = AREAS.users;

/** Inactivate, Activate and Delete (SPEC §4) with the users' own calls and messages. */
const statusMenu = statusActions<User>(
  (user) => user.status,
  {
    setStatus: (user, to) => userRequest(to === 'ACTIVE' ? calls.enable : calls.disable, user),
    remove: (user) => userRequest(calls.remove, user),
  },
  {
    activated: MESSAGES.userActivated,
    inactivated: MESSAGES.userDeactivated,
    deleted: MESSAGES.deletedSuccessfully,
  },
);

/** SPEC §4: a plain user may be made admin or sub-admin, unless INACTIVE (or DELETED). */
const makeAdmin: RowAction<User> = {
  kind: 'popup',
  key: 'make-admin',
  label: 'Make admin',
  color: 'indigo',
  permission: 'write',
  isShown: (user) => user.role === 'user' && user.status === 'ACTIVE',
  render: ({ row, onClose, onDone }) => (
    <Suspense fallback={null}>
      <MakeAdminModal user={row} onClose={onClose} onDone={onDone} />
    </Suspense>
  ),
};

/** SPEC §4, §6: an admin or sub-admin goes back to being a plain user. */
const disableAdmin: RowAction<User> = {
  kind: 'confirm',
  key: 'disable-admin',
  label: 'Disable admin',
  color: 'orange',
  permission: 'write',
  isShown: (user) => isAdminRole(user.role) && user.status !== 'DELETED',
  request: (user) => userRequest(calls.removeRole, user),
  successMessage: MESSAGES.userRemovedAsAdmin,
  done: 'removed as admin',
};

/**
 * DESIGN §8: an admin who lost their authenticator is let back in by another with user write: their
 * two-factor sign-in is removed (they set it up again) and their sessions end. Audited on the server.
 */
const resetTwoFactor: RowAction<User> = {
  kind: 'confirm',
  key: 'reset-two-factor',
  label: 'Reset two-factor',
  color: 'orange',
  permission: 'write',
  isShown: (user) => isAdminRole(user.role) && user.status === 'ACTIVE',
  request: (user) => ({ method: 'POST', path: '/admin/users/mfa/reset', query: { uid: user._id } }),
  successMessage: 'Two-factor sign-in reset: they set it up again at their next sign-in',
  done: 'reset: they set up two-factor sign-in again',
};

/** The user's actions, in the row menu, the bulk bar and on the profile. */
export const userActions: RowAction<User>[] = [makeAdmin, disableAdmin, resetTwoFactor, ...statusMenu];

/**
 * No action is offered on the admin's own account: the server refuses each of them there. In bulk
 * the call is still sent, and the summary reports the server's refusal.
 */
export const isNotOwnAccount = (user: User, me: AdminMe | undefined) => user.userID !== me?.profile.userID;

/** User list (SPEC §2): username to the profile, the role, a blocked tag, and the admin actions. */
export default defineList<User>({
  area: 'users',
  rowName: (user) => user.username,
  columns: [
    {
      accessor: 'username',
      title: 'Username',
      render: (user) => (
        <RowLink to="/userdetail/$id" params={{ id: user.userID }}>
          {user.username}
        </RowLink>
      ),
    },
    {
      accessor: 'fullname',
      title: 'Full name',
      render: (user) => `${user.fullname} ${user.lastname}`.trim() || MESSAGES.notAvailableShort,
    },
    { accessor: 'email', title: 'Email', priority: 3, minWidth: 200 },
    {
      accessor: 'role',
      title: 'Role',
      render: (user) => (
        <Badge
          color={ROLE_COLORS[user.role] ?? 'gray'}
          variant="outline"
          radius="sm"
          // Never squeezed to 'A.' by a narrow column.
          style={{ flexShrink: 0, minWidth: 'max-content' }}
        >
          {user.role}
        </Badge>
      ),
    },
    {
      accessor: 'createdAt',
      title: 'Joined',
      render: (user) => formatDate(user.createdAt),
      priority: 2,
    },
  ],
  getStatus: (user) => user.status,
  // SPEC §2: 'Blocked' has its own tag; a deleted user is shown as deleted.
  statusLabel: (user) =>
    user.isBlocked && user.status !== 'DELETED' ? { label: 'Blocked', color: 'dark' } : undefined,
  actions: userActions,
  isActionable: isNotOwnAccount,
});
