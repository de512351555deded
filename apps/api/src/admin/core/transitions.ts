import type { RecordStatus } from '@roam/contract/status';
import { conflict } from '../../lib/http-error';

/**
 * SPEC §4's one rule for every record, users included: only ACTIVE becomes INACTIVE and only
 * INACTIVE becomes ACTIVE; deleting marks an ACTIVE or INACTIVE record DELETED. Nothing leaves
 * DELETED.
 */
const ALLOWED_FROM: Readonly<Record<RecordStatus, readonly RecordStatus[]>> = {
  ACTIVE: ['INACTIVE'],
  INACTIVE: ['ACTIVE'],
  DELETED: ['ACTIVE', 'INACTIVE'],
};

export function canTransition(from: RecordStatus, to: RecordStatus): boolean {
  return ALLOWED_FROM[to].includes(from);
}

/** 409 'Cannot mark {area} {from} as {to}' when the rule does not allow the move. */
export function assertTransition(area: string, from: RecordStatus, to: RecordStatus): void {
  if (!canTransition(from, to)) throw conflict(`Cannot mark ${area} ${from} as ${to}`);
}
