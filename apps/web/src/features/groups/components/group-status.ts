import { type RecordStatus, STATUS_COLORS } from '@roam/contract/status';

/** SPEC §4: a group's status is its booleans, Inactive when neither active nor deleted. */
export function getGroupStatus(group: { active: boolean; deleted: boolean }): {
  status: RecordStatus;
  label: string;
  color: string;
} {
  const status: RecordStatus = group.deleted ? 'DELETED' : group.active ? 'ACTIVE' : 'INACTIVE';
  const label = { ACTIVE: 'Active', INACTIVE: 'Inactive', DELETED: 'Deleted' }[status];
  return { status, label, color: STATUS_COLORS[status] };
}
