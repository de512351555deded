import { users } from '../../db/schema';
import { statusAndCreated } from '../core/export';
import { defineResource } from '../core/resource';

/**
 * Users (SPEC §3, §7): listed by the factory; their status and role change only through their own
 * routes (routes.ts), which guard self-changes, the last admin and sessions.
 */
export const userResource = defineResource({
  area: 'users',
  columns: [
    { header: 'Username', value: (user) => user.username },
    { header: 'Full name', value: (user) => `${user.fullname} ${user.lastname}`.trim(), width: 1.4 },
    { header: 'Email', value: (user) => user.email, width: 1.8 },
    { header: 'Role', value: (user) => user.role, width: 0.8 },
    { header: 'Blocked', value: (user) => (user.isBlocked ? 'Yes' : 'No'), width: 0.6 },
    ...statusAndCreated(),
  ],
  table: users,
  sortColumns: { username: users.username },
  search: users.searchText,
  // Never the password hash or the session version.
  select: {
    id: users.id,
    userId: users.userId,
    username: users.username,
    email: users.email,
    role: users.role,
    status: users.status,
    isBlocked: users.isBlocked,
    fullname: users.fullname,
    lastname: users.lastname,
    profileUrl: users.profileUrl,
    homeLocation: users.homeLocation,
    createdAt: users.createdAt,
    updatedAt: users.updatedAt,
  },
  toApi: (row) => ({
    _id: row.id,
    userID: row.userId,
    username: row.username,
    email: row.email,
    role: row.role,
    status: row.status,
    isBlocked: row.isBlocked,
    fullname: row.fullname,
    lastname: row.lastname,
    profileURL: row.profileUrl ?? null,
    homeLocation: row.homeLocation ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }),
});
