import { describe, expect, it } from 'vitest';
import { AREA_NAMES, AREAS, listQuerySchemaOf, listSearchOf } from './areas';
import { downloadRequestSchema } from './downloads';
import { readSort } from './lists';

describe("a list's order (DESIGN §4)", () => {
  it("names the answer's own keys (or its Status column), createdAt in every area", () => {
    for (const name of AREA_NAMES) {
      const { row, sort } = AREAS[name].list;
      const keys = Object.keys((row as unknown as { shape: object }).shape);
      expect(sort, name).toContain('createdAt');
      for (const key of sort) expect(key === 'status' || keys.includes(key), `${name}: ${key}`).toBe(true);
    }
  });

  it("takes one of the area's keys either way, and none by default", () => {
    const schema = listQuerySchemaOf('users');
    expect(schema.parse({ sort: 'username' }).sort).toBe('username');
    expect(schema.parse({ sort: '-createdAt' }).sort).toBe('-createdAt');
    expect(schema.parse({}).sort).toBeUndefined();
    expect(readSort('-createdAt')).toEqual({ key: 'createdAt', isDescending: true });
    expect(readSort('username')).toEqual({ key: 'username', isDescending: false });
  });

  it('refuses another key, naming sort and what is allowed', () => {
    for (const sort of ['email', 'name', '--username', 'username-', '']) {
      const result = listQuerySchemaOf('users').safeParse({ sort });
      expect(result.success, sort).toBe(false);
      const [issue] = result.error?.issues ?? [];
      expect(issue?.path).toEqual(['sort']);
      expect(issue?.message).toBe(
        'must be one of username, -username, createdAt, -createdAt, status, -status',
      );
    }
  });

  it("keeps the area's order in the panel's URL and drops another, never failing", () => {
    expect(listSearchOf('cities')({ sort: '-name', q: 'x' })).toEqual({ sort: '-name', q: 'x' });
    expect(listSearchOf('cities')({ sort: 'username', q: 'x' })).toEqual({ q: 'x' });
    expect(listSearchOf('users')({ sort: 42 })).toEqual({});
  });

  it('is no filter of a download: a download keeps its own order', () => {
    const request = downloadRequestSchema.parse({
      module: 'userManagement',
      type: 'csv',
      filters: { sort: 'username', searchphrase: 'a' },
    });
    expect(request.filters).toEqual({ searchphrase: 'a' });
  });
});
