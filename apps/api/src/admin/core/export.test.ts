import { describe, expect, it } from 'vitest';
import { exportDateTime } from './export';

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
