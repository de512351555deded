import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { calendarDay, formatDate, formatDateTime, shiftCalendarDay } from './format-date';

const zoneBefore = process.env.TZ;
afterEach(() => {
  process.env.TZ = zoneBefore;
});

describe('dates as the panel shows them', () => {
  // West of UTC a calendar day read as UTC midnight would fall on the day before; east, a
  // timestamp late in the UTC day falls on the next.
  for (const zone of ['UTC', 'America/New_York', 'Asia/Kolkata']) {
    it(`match the date library's DD/MM/YYYY and DD/MM/YYYY, hh:mm a (${zone})`, () => {
      process.env.TZ = zone;
      const values = [
        '2026-11-27T23:30:00.000Z',
        '2026-01-05T00:05:00.000Z',
        '2026-07-14T12:00:00Z',
        '2026-03-01T11:59:59.999Z',
        '2026-02-28',
        '2026-12-31',
        new Date(2026, 5, 9, 0, 0),
        new Date(2026, 5, 9, 12, 7),
      ];
      for (const value of values) {
        expect(formatDate(value)).toBe(dayjs(value).format('DD/MM/YYYY'));
        expect(formatDateTime(value)).toBe(dayjs(value).format('DD/MM/YYYY, hh:mm a'));
      }
    });
  }

  it('show nothing for no date or one that is not a date', () => {
    for (const value of [null, undefined, '', 'not a date', new Date(Number.NaN)]) {
      expect(formatDate(value)).toBe('');
      expect(formatDateTime(value)).toBe('');
    }
  });

  it('count calendar days here, across months, years and a clock change', () => {
    process.env.TZ = 'America/New_York';
    expect(calendarDay(new Date(2026, 0, 1, 23, 59))).toBe('2026-01-01');
    expect(shiftCalendarDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftCalendarDay('2028-02-28', 1)).toBe('2028-02-29');
    expect(shiftCalendarDay('2026-12-31', 1)).toBe('2027-01-01');
    // The clocks go forward on 8 March 2026 there: the day after is still the next day.
    expect(shiftCalendarDay('2026-03-08', 1)).toBe('2026-03-09');
    expect(shiftCalendarDay('2026-11-01', -1)).toBe('2026-10-31');
    expect(shiftCalendarDay('someday', 1)).toBe('someday');
  });
});
