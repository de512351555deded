import { RECORD_STATUSES } from '@roam/contract/status';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-error';
import { assertTransition, canTransition } from './transitions';

describe('the transition rule', () => {
  it('allows only ACTIVE <-> INACTIVE and deleting what is not DELETED', () => {
    const allowed = RECORD_STATUSES.flatMap((from) =>
      RECORD_STATUSES.filter((to) => canTransition(from, to)).map((to) => `${from}>${to}`),
    );
    expect(allowed.sort()).toEqual([
      'ACTIVE>DELETED',
      'ACTIVE>INACTIVE',
      'INACTIVE>ACTIVE',
      'INACTIVE>DELETED',
    ]);
  });

  it('refuses the rest with a 409 naming the area and both statuses', () => {
    expect(() => assertTransition('users', 'DELETED', 'ACTIVE')).toThrow(
      'Cannot mark users DELETED as ACTIVE',
    );
    try {
      assertTransition('cafes', 'ACTIVE', 'ACTIVE');
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(409);
    }
    expect(() => assertTransition('cafes', 'INACTIVE', 'ACTIVE')).not.toThrow();
  });
});
