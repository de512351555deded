import { AREA_NAMES, AREAS, type AreaName } from '@roam/contract/areas';
import type { AdminMe } from '@roam/contract/entities';
import type { PermissionModule } from '@roam/contract/permissions';
import type { StaticPath } from '../../lib/app-paths';
import { canMe } from '../../lib/me';
import { LIST_PATHS } from './list-paths';

/** The side navigation (SPEC §2): Analytics always, then each area whose module the admin may read. */
export type NavItem = {
  key: AreaName | 'analytics' | 'audit';
  label: string;
  to: StaticPath;
  /** null: always shown ('admins': to admins only, not sub-admins). */
  module: PermissionModule | null | 'admins';
};

/** The area whose list is at this path, if any (the per-user lists are not). */
export function listAreaAt(pathname: string): AreaName | undefined {
  return AREA_NAMES.find((name) => LIST_PATHS[name] === pathname);
}

export const NAV_ITEMS: readonly NavItem[] = [
  { key: 'analytics', label: 'Analytics', to: '/analytics', module: null },
  ...AREA_NAMES.map((name) => ({
    key: name,
    label: AREAS[name].labels.nav,
    to: LIST_PATHS[name],
    module: AREAS[name].module,
  })),
  { key: 'audit', label: 'Audit log', to: '/audit', module: 'admins' },
];

export function getVisibleNavItems(me: AdminMe | undefined): NavItem[] {
  return NAV_ITEMS.filter((item) =>
    item.module === 'admins'
      ? me?.role_type === 'admin'
      : item.module === null || canMe(me, item.module, 'read'),
  );
}
