import type { AdminMe } from '@roam/contract/entities';
import type { PermissionModule } from '@roam/contract/permissions';
import { canMe } from '../../lib/me';
import { AREAS, type AreaName, getAreaModule } from '../areas';

/** The side navigation (SPEC §2): Analytics always, then each area whose module the admin may read. */
export type NavItem = {
  key: AreaName | 'analytics';
  label: string;
  to: string;
  /** null: always shown. */
  module: PermissionModule | null;
};

export const NAV_ITEMS: readonly NavItem[] = [
  { key: 'analytics', label: 'Analytics', to: '/analytics', module: null },
  ...AREAS.map((area) => ({
    key: area.name,
    label: area.navLabel,
    to: area.pages[0].path,
    module: getAreaModule(area.name),
  })),
];

export function getVisibleNavItems(me: AdminMe | undefined): NavItem[] {
  return NAV_ITEMS.filter((item) => item.module === null || canMe(me, item.module, 'read'));
}
