import { eq, getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test-support/database';
import { isoFromPostgres, type RowReader, readRows, rowReaderOf } from './row-reader';
import { cafes, users } from './schema';

/** What the rows held before: Drizzle's Date of PostgreSQL's text, written by toISOString. */
const throughDate = (text: string) => new Date(text).toISOString();

describe('isoFromPostgres', () => {
  it('writes what a Date of the text writes, for every fraction PostgreSQL sends', () => {
    const texts = [
      '2026-11-25 04:22:26.123456+00',
      '2026-11-25 04:22:26.999999+00',
      '2026-11-25 04:22:26.1239+00',
      '2026-11-25 04:22:26.12+00',
      '2026-11-25 04:22:26.5+00',
      '2026-11-25 04:22:26+00',
      '2024-02-29 23:59:59.000001+00',
      '0999-01-01 00:00:00.05+00',
    ];
    for (const text of texts) expect(isoFromPostgres(text), text).toBe(throughDate(text));
  });

  it('writes the same as a Date over a spread of timestamps with microseconds', () => {
    // A fixed walk over 1970-2096 in uneven steps, so every run checks the same values.
    let micros = 0;
    for (let i = 0; i < 2000; i++) {
      micros = (micros + 1_999_999_937_123) % 4e15;
      const at = new Date(Math.floor(micros / 1000));
      const fraction = String(micros % 1_000_000)
        .padStart(6, '0')
        .replace(/0+$/, '');
      const text = `${at.toISOString().slice(0, 19).replace('T', ' ')}${fraction ? `.${fraction}` : ''}+00`;
      expect(isoFromPostgres(text), text).toBe(throughDate(text));
    }
  });

  it('leaves another zone, a five-digit year or BC to a Date', () => {
    for (const text of [
      '2026-11-25 04:22:26.123456+02',
      '2026-11-25 04:22:26+05:30',
      '10000-01-01 00:00:00+00',
      '0044-03-15 00:00:00+00 BC',
    ]) {
      expect(isoFromPostgres(text), text).toBeUndefined();
    }
  });
});

/** A row as the driver hands it: the values of the reader's fields, in their order. */
const driverRow = (reader: RowReader<unknown>, byName: Record<string, unknown>) =>
  Object.keys(reader.fields).map((alias) => byName[alias]);

describe('rowReaderOf', () => {
  it('reads a flat row: timestamps as ISO strings, other values as the driver gave them', () => {
    const reader = rowReaderOf({ id: users.id, createdAt: users.createdAt, isBlocked: users.isBlocked });
    const row = driverRow(reader, { id: 'a', createdAt: '2026-11-25 04:22:26.123456+00', isBlocked: false });
    expect(reader.read(row)).toEqual({ id: 'a', createdAt: '2026-11-25T04:22:26.123Z', isBlocked: false });
  });

  it('reads a table selected whole into its own object, null kept null', () => {
    const reader = rowReaderOf({ user: users, extra: users.email });
    const raw: Record<string, unknown> = { extra: 'x@example.test' };
    for (const key of Object.keys(getTableColumns(users))) raw[`user.${key}`] = null;
    raw['user.updatedAt'] = '2026-01-02 03:04:05+00';
    const read = reader.read(driverRow(reader, raw)) as { user: Record<string, unknown>; extra: string };
    expect(read.extra).toBe('x@example.test');
    expect(read.user.updatedAt).toBe('2026-01-02T03:04:05.000Z');
    expect(read.user.createdAt).toBeNull();
    expect(Object.keys(read)).toEqual(['user', 'extra']);
  });

  it('refuses a select that names one field twice', () => {
    expect(() => rowReaderOf({ user: users, 'user.email': users.email })).toThrow(
      /user.email is selected twice/,
    );
  });

  it('reads text lists whole: quotes, commas, braces, backslashes, NULL as a word, empty ones', async () => {
    const handle = await openTestDatabase({ poolSize: 1 });
    try {
      const menu = ['a "quoted", item', '{braced}', 'back\\slash', 'NULL', '', ' spaced ', 'ünïcødé 🍵'];
      const [cafe] = await handle.db
        .insert(cafes)
        .values({ name: 'Lists', menu, photos: [], cuisine: ['Tea'] })
        .returning({ id: cafes.id });
      const select = { cafe: cafes, menu: cafes.menu };
      const query = handle.db.select(rowReaderOf(select).fields).from(cafes).where(eq(cafes.id, cafe!.id));
      const [row] = await readRows(handle.db, query, rowReaderOf(select));
      expect(row!.cafe.menu).toEqual(menu);
      expect(row!.menu).toEqual(menu);
      expect(row!.cafe.photos).toEqual([]);
      expect(row!.cafe.cuisine).toEqual(['Tea']);
    } finally {
      await handle.close();
    }
  });
});
