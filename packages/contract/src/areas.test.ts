import { describe, expect, it } from 'vitest';
import {
  AREA_NAMES,
  AREAS,
  areaOfModule,
  groupStatusOf,
  removeCall,
  statusFilterSchemaOf,
  statusQueryValue,
  toggleCall,
  toggleTargetSchemaOf,
} from './areas';
import { PERMISSION_MODULES } from './permissions';

const row = { _id: '7d1c0a4e-1b7e-4c4f-9a8b-5d2e9f0a1b2c', statusID: 'G-42' };

describe('the area registry', () => {
  it('guards each area by its own module: every module once', () => {
    const modules = AREA_NAMES.map((name) => AREAS[name].module);
    expect([...modules].sort()).toEqual([...PERMISSION_MODULES].sort());
    for (const name of AREA_NAMES) expect(areaOfModule(AREAS[name].module)).toBe(name);
  });

  it('gives every area its own list path and response key', () => {
    const paths = AREA_NAMES.map((name) => AREAS[name].list.path);
    expect(new Set(paths).size).toBe(AREA_NAMES.length);
    for (const name of AREA_NAMES) expect(AREAS[name].list.path).toMatch(/^\/[a-z/]+$/i);
  });
});

describe('status calls', () => {
  it('toggle with markas and delete by id for most areas (SPEC §7)', () => {
    expect(toggleCall('cafes', row, 'INACTIVE')).toEqual({
      method: 'PUT',
      path: `/admin/cafe/toggle/${row._id}`,
      query: { markas: 'INACTIVE' },
    });
    expect(removeCall('cafes', row)).toEqual({ method: 'DELETE', path: `/admin/cafe/${row._id}` });
  });

  it('toggle and delete reports and contact requests with ?status=', () => {
    expect(toggleCall('contacts', row, 'ACTIVE')).toEqual({
      method: 'PUT',
      path: `/admin/contactus/toggle/${row._id}`,
      query: { status: 'ACTIVE' },
    });
    expect(removeCall('issues', row)).toEqual({
      method: 'PUT',
      path: `/admin/report/toggle/${row._id}`,
      query: { status: 'DELETED' },
    });
  });

  it('spell groups as 1 and 0 and delete them by statusID', () => {
    expect(toggleCall('groups', row, 'ACTIVE')?.query).toEqual({ markas: '1' });
    expect(toggleCall('groups', row, 'INACTIVE')?.query).toEqual({ markas: '0' });
    expect(removeCall('groups', row)).toEqual({
      method: 'DELETE',
      path: '/admin/group/delete',
      query: { statusId: 'G-42' },
    });
    expect(statusQueryValue('groups', 'ACTIVE')).toBe('1');
    expect(statusQueryValue('groups', 'INACTIVE')).toBe('0');
    expect(statusQueryValue('groups', 'DELETED')).toBe('DELETED');
    expect(statusQueryValue('groups', undefined)).toBeUndefined();
    expect(statusQueryValue('cafes', undefined)).toBe('All');
  });

  it('leave users to their own routes', () => {
    expect(toggleCall('users', row, 'ACTIVE')).toBeUndefined();
    expect(removeCall('users', row)).toBeUndefined();
  });

  it('accept the spellings each area offers, and nothing inherited from Object', () => {
    expect(statusFilterSchemaOf('groups').parse('1')).toBe('ACTIVE');
    expect(statusFilterSchemaOf('cafes').safeParse('1').success).toBe(false);
    expect(toggleTargetSchemaOf('cafes').parse('inactive')).toBe('INACTIVE');
    expect(toggleTargetSchemaOf('groups').parse('0')).toBe('INACTIVE');
    for (const bad of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(toggleTargetSchemaOf('groups').safeParse(bad).success).toBe(false);
      expect(statusFilterSchemaOf('groups').safeParse(bad).success).toBe(false);
    }
  });
});

describe('groupStatusOf', () => {
  it('reads the booleans: deleted wins, then active', () => {
    expect(groupStatusOf({ active: true, deleted: true })).toBe('DELETED');
    expect(groupStatusOf({ active: true, deleted: false })).toBe('ACTIVE');
    expect(groupStatusOf({ active: false, deleted: false })).toBe('INACTIVE');
  });
});
