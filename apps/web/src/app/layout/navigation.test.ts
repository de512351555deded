import { emptyPermissions, fullPermissions } from '@roam/contract/permissions';
import { describe, expect, it } from 'vitest';
import { makeMe } from '../../test/fixtures';
import { getVisibleNavItems, NAV_ITEMS } from './navigation';

describe('getVisibleNavItems', () => {
  it('shows a sub-admin Analytics plus the two modules it may read, in navigation order', () => {
    const permissions = emptyPermissions();
    permissions.rentalManagement = { read: 1, write: 0, delete: 0 };
    permissions.cityManagement = { read: 1, write: 1, delete: 0 };
    // Write or delete without read does not show an entry.
    permissions.jobManagement = { read: 0, write: 1, delete: 1 };

    const items = getVisibleNavItems(makeMe({ permissions }));

    expect(items.map((item) => item.label)).toEqual(['Analytics', 'City', 'Rentals']);
    expect(items.map((item) => item.to)).toEqual(['/analytics', '/cities', '/rental']);
  });

  it('shows an admin every entry whatever its flags', () => {
    const items = getVisibleNavItems(makeMe({ role_type: 'admin', permissions: emptyPermissions() }));
    expect(items).toEqual(NAV_ITEMS);
    expect(items.map((item) => item.label)).toEqual([
      'Analytics',
      'User',
      'City',
      'Cafe',
      'Store and Shop',
      'Things To Do',
      'Promo Banner',
      'Rentals',
      'Jobs',
      'Reported Issue',
      'Contact Us',
      'Group',
      'Audit log',
    ]);
  });

  it('shows only Analytics while the admin is unknown', () => {
    expect(getVisibleNavItems(undefined).map((item) => item.label)).toEqual(['Analytics']);
  });

  it('shows a sub-admin with every flag every entry but the audit log, which is for admins', () => {
    const items = getVisibleNavItems(makeMe({ permissions: fullPermissions() }));
    expect(items).toEqual(NAV_ITEMS.filter((item) => item.key !== 'audit'));
  });
});
