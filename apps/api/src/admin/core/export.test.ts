import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cities } from '../../db/schema';
import { openTestDatabase } from '../../test-support/database';
import { exportDateTime, readSelection } from './export';
import { defineListView } from './resource';

describe('exportDateTime', () => {
  it('shows a time DD/MM/YYYY, hh:mm am/pm in UTC, read from the ISO string or through a Date alike', () => {
    const cases: [string, string][] = [
      ['2026-11-25T00:05:09.123Z', '25/11/2026, 12:05 am'],
      ['2026-01-02T09:30:00.000Z', '02/01/2026, 09:30 am'],
      ['2026-01-02T12:00:00Z', '02/01/2026, 12:00 pm'],
      ['1999-12-31T23:59:59.9Z', '31/12/1999, 11:59 pm'],
    ];
    for (const [iso, shown] of cases) {
      expect(exportDateTime(iso)).toBe(shown);
      expect(exportDateTime(new Date(iso))).toBe(shown);
    }
    // Not the rows' ISO form: read through a Date, still in UTC.
    expect(exportDateTime('2026-11-25T10:30:00+02:00')).toBe('25/11/2026, 08:30 am');
    expect(exportDateTime('not a time')).toBe('');
    expect(exportDateTime(null)).toBe('');
  });
});

/** The cities table as a list of ids: the rows' order is what is read. */
const cityIds = defineListView({
  area: 'cities',
  table: cities,
  select: { id: cities.id },
  toApi: (row) => row.id,
});

describe('readSelection', () => {
  it('reads the selection batch after batch, every row once and newest first, ties on the time by id', async () => {
    const handle = await openTestDatabase({ poolSize: 2 });
    try {
      // Seven cities, three of them sharing one time to the microsecond, two a microsecond apart.
      const times = [
        '2026-11-25 10:00:00.000003+00',
        '2026-11-25 10:00:00.000003+00',
        '2026-11-25 10:00:00.000003+00',
        '2026-11-25 10:00:00.000002+00',
        '2026-11-25 10:00:00.000001+00',
        '2026-11-24 09:00:00+00',
        '2026-11-23 08:00:00+00',
      ];
      const inserted = await handle.db
        .insert(cities)
        .values(
          times.map((_, index) => ({ name: `City ${index}`, countryName: 'Portugal', countryIso: 'PT' })),
        )
        .returning({ id: cities.id, name: cities.name });
      // Set in SQL: a Date would keep only the milliseconds.
      for (const [index, at] of times.entries()) {
        await handle.db.execute(
          sql`update cities set created_at = ${at}::timestamptz where name = ${`City ${index}`}`,
        );
      }
      const timeOf = (id: string) => times[Number(inserted.find((city) => city.id === id)!.name.slice(5))]!;
      const newestFirst = inserted
        .map((city) => city.id)
        .sort((a, b) => timeOf(b).localeCompare(timeOf(a)) || b.localeCompare(a));
      const selection = { query: { skip: 0, limit: 20, status: 'All' as const, searchphrase: '' }, ids: [] };
      const read = async (batchSize: number) => {
        const batches: string[][] = [];
        for await (const batch of readSelection(handle.db, cityIds, selection, batchSize)) {
          batches.push(batch);
        }
        return batches;
      };
      const [whole] = await read(100);
      expect(whole).toEqual(newestFirst);
      const inTwos = await read(2);
      expect(inTwos.map((batch) => batch.length)).toEqual([2, 2, 2, 1]);
      expect(inTwos.flat()).toEqual(whole);
      expect((await read(7)).flat()).toEqual(whole);
    } finally {
      await handle.close();
    }
  });
});
