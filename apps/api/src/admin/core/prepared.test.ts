import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { inline, Parameters, preparedStatement } from './prepared';

describe('Parameters', () => {
  it('binds values as named placeholders and names the shape by the names bound', () => {
    const parameters = new Parameters();
    const placeholder = parameters.bind('status', 'ACTIVE');
    parameters.bind('limit', 20);
    expect(placeholder).toEqual(sql.placeholder('status'));
    expect(parameters.values).toEqual({ status: 'ACTIVE', limit: 20 });
    expect(parameters.shape()).toBe('limit,status');
  });

  it('leaves values as they are when bound inline', () => {
    expect(inline('status', 'ACTIVE')).toBe('ACTIVE');
  });
});

describe('preparedStatement', () => {
  const statement = (name: string) => ({ name, execute: async () => [] });

  it('builds a statement once per key and database, each under a name of its own', () => {
    const first = {} as Database;
    const second = {} as Database;
    const a = preparedStatement(first, 'users rows status', statement);
    const again = preparedStatement(first, 'users rows status', () => {
      throw new Error('built twice');
    });
    const otherShape = preparedStatement(first, 'users rows search,status', statement);
    const otherDatabase = preparedStatement(second, 'users rows status', statement);
    expect(again).toBe(a);
    const names = [a, otherShape, otherDatabase].map((built) => (built as unknown as { name: string }).name);
    expect(new Set(names).size).toBe(3);
  });
});
