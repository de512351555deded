import {
  type Icon,
  IconBriefcase,
  IconBuildingStore,
  IconChartBar,
  IconCoffee,
  IconHistory,
  IconHome,
  IconMail,
  IconMap2,
  IconMapPin,
  IconPhoto,
  IconReport,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { NavItem } from './navigation';

export const NAV_ICONS: Record<NavItem['key'], Icon> = {
  analytics: IconChartBar,
  users: IconUsers,
  cities: IconMapPin,
  cafes: IconCoffee,
  shops: IconBuildingStore,
  explore: IconMap2,
  promos: IconPhoto,
  rentals: IconHome,
  jobs: IconBriefcase,
  issues: IconReport,
  contacts: IconMail,
  groups: IconUsersGroup,
  audit: IconHistory,
};
