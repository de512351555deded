import type { PermissionModule } from '@roam/contract/permissions';

export type E2eAccount = {
  email: string;
  password: string;
  role: 'admin' | 'sub-admin' | 'user';
  userID: string;
  username: string;
  fullname: string;
  lastname: string;
  readModules?: PermissionModule[];
};

/** Accounts the browser tests sign in with; created by the global setup before the server starts. */
export const E2E_ACCOUNTS = {
  admin: {
    email: 'e2e.admin@roam.test',
    password: 'Admin@2026',
    role: 'admin',
    userID: 'E2E-ADMIN',
    username: 'e2eadmin',
    fullname: 'Erin',
    lastname: 'Admin',
  },
  resetter: {
    email: 'e2e.resetter@roam.test',
    password: 'Reset@2026',
    role: 'admin',
    userID: 'E2E-RESET',
    username: 'resetter',
    fullname: 'Rita',
    lastname: 'Reset',
  },
  editor: {
    email: 'e2e.editor@roam.test',
    password: 'Editor@2026',
    role: 'admin',
    userID: 'E2E-EDITOR',
    username: 'editor',
    fullname: 'Eddie',
    lastname: 'Editor',
  },
  sub: {
    email: 'e2e.sub@roam.test',
    password: 'Sub@20266',
    role: 'sub-admin',
    userID: 'E2E-SUB',
    username: 'subadmin',
    fullname: 'Sam',
    lastname: 'Sub',
    readModules: ['cityManagement', 'cafeManagement'],
  },
  member: {
    email: 'e2e.member@roam.test',
    password: 'Member@2026',
    role: 'user',
    userID: 'E2E-MEMBER',
    username: 'member',
    fullname: 'Mia',
    lastname: 'Member',
  },
  /** Sets up two-factor sign-in in its test (and turns it off again). */
  twoFactor: {
    email: 'e2e.twofactor@roam.test',
    password: 'TwoFactor@2026',
    role: 'admin',
    userID: 'E2E-2FA',
    username: 'twofactor',
    fullname: 'Tess',
    lastname: 'Factor',
  },
} as const satisfies Record<string, E2eAccount>;
