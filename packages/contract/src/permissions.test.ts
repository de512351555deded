import { describe, expect, it } from 'vitest';
import {
  can,
  cascadePermission,
  emptyPermissions,
  fullPermissions,
  grantRefusal,
  isWithinGrant,
  permissionsInputSchema,
  withImpliedPermissions,
} from './permissions';

describe('can', () => {
  it('gives an admin everything and an ordinary user nothing', () => {
    expect(can({ role: 'admin', permissions: null }, 'userManagement', 'delete')).toBe(true);
    expect(can({ role: 'user', permissions: fullPermissions() }, 'userManagement', 'read')).toBe(false);
  });
  it("follows a sub-admin's flags, denying by default", () => {
    const permissions = emptyPermissions();
    permissions.cityManagement = { read: 1, write: 0, delete: 0 };
    const sub = { role: 'sub-admin', permissions };
    expect(can(sub, 'cityManagement', 'read')).toBe(true);
    expect(can(sub, 'cityManagement', 'write')).toBe(false);
    expect(can(sub, 'cafeManagement', 'read')).toBe(false);
    expect(can({ role: 'sub-admin', permissions: null }, 'cityManagement', 'read')).toBe(false);
  });
});

describe('make-admin cascade', () => {
  const none = { read: 0, write: 0, delete: 0 } as const;
  const all = { read: 1, write: 1, delete: 1 } as const;
  it('ticking read clears write and delete', () => {
    expect(cascadePermission(all, 'read', true)).toEqual({ read: 1, write: 0, delete: 0 });
  });
  it('ticking write sets read', () => {
    expect(cascadePermission(none, 'write', true)).toEqual({ read: 1, write: 1, delete: 0 });
  });
  it('ticking delete sets read and write', () => {
    expect(cascadePermission(none, 'delete', true)).toEqual(all);
  });
  it('unticking read clears everything; unticking write clears delete', () => {
    expect(cascadePermission(all, 'read', false)).toEqual(none);
    expect(cascadePermission(all, 'write', false)).toEqual({ read: 1, write: 0, delete: 0 });
  });
});

describe('granting', () => {
  it('refuses to grant what the granter lacks', () => {
    const granter = emptyPermissions();
    granter.jobManagement = { read: 1, write: 1, delete: 0 };
    const asked = emptyPermissions();
    asked.jobManagement = { read: 1, write: 1, delete: 0 };
    expect(isWithinGrant(granter, asked)).toBe(true);
    asked.jobManagement = { read: 1, write: 1, delete: 1 };
    expect(isWithinGrant(granter, asked)).toBe(false);
  });
  it('reads booleans and fills missing modules with zeros', () => {
    const parsed = permissionsInputSchema.parse({ cafeManagement: { read: true, write: 1 } });
    expect(parsed.cafeManagement).toEqual({ read: 1, write: 1, delete: 0 });
    expect(parsed.userManagement).toEqual({ read: 0, write: 0, delete: 0 });
  });
});

describe('withImpliedPermissions', () => {
  it('makes delete imply write and read, and write imply read, leaving the rest', () => {
    const requested = emptyPermissions();
    requested.cityManagement = { read: 0, write: 0, delete: 1 };
    requested.cafeManagement = { read: 0, write: 1, delete: 0 };
    requested.jobManagement = { read: 1, write: 0, delete: 0 };
    const granted = withImpliedPermissions(requested);
    expect(granted.cityManagement).toEqual({ read: 1, write: 1, delete: 1 });
    expect(granted.cafeManagement).toEqual({ read: 1, write: 1, delete: 0 });
    expect(granted.jobManagement).toEqual({ read: 1, write: 0, delete: 0 });
    expect(granted.userManagement).toEqual({ read: 0, write: 0, delete: 0 });
  });
});

describe('grantRefusal', () => {
  const some = { ...emptyPermissions(), cafeManagement: { read: 1, write: 1, delete: 0 } } as const;
  it('lets only an admin make an admin', () => {
    expect(
      grantRefusal({ role: 'sub-admin', permissions: fullPermissions() }, 'admin', fullPermissions()),
    ).toBe('Only an admin may make an admin');
    expect(grantRefusal({ role: 'admin', permissions: null }, 'admin', fullPermissions())).toBeUndefined();
  });

  it('never grants what the granter lacks', () => {
    const granter = { role: 'sub-admin', permissions: some };
    expect(grantRefusal(granter, 'sub-admin', some)).toBeUndefined();
    expect(
      grantRefusal(granter, 'sub-admin', { ...some, cafeManagement: { read: 1, write: 1, delete: 1 } }),
    ).toBe('You cannot grant permissions you do not have');
  });
});
