/**
 * Dates as SPEC §9 shows them: DD/MM/YYYY, and DD/MM/YYYY, hh:mm am/pm with the time, in the
 * browser's time zone. Written out rather than taken from the date library: every list shows
 * dates, and the library is 3 KB of the list page's start (the calendar brings it later).
 */

const pad = (value: number) => String(value).padStart(2, '0');
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A timestamp, or a calendar day (YYYY-MM-DD, that day here, not in UTC); undefined if invalid. */
function toDate(value: string | Date): Date | undefined {
  const day = typeof value === 'string' ? CALENDAR_DAY.exec(value) : null;
  const date = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const dayOf = (date: Date) => `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;

export function formatDate(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : undefined;
  return date ? dayOf(date) : '';
}

export function formatDateTime(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : undefined;
  if (!date) return '';
  const hours = date.getHours();
  const time = `${pad(hours % 12 || 12)}:${pad(date.getMinutes())} ${hours < 12 ? 'am' : 'pm'}`;
  return `${dayOf(date)}, ${time}`;
}

/** A calendar day as the API takes it (YYYY-MM-DD): `date`'s, here. */
export function calendarDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The calendar day `days` after `day` (before, when negative); `day` itself if it is not one. */
export function shiftCalendarDay(day: string, days: number): string {
  const date = CALENDAR_DAY.test(day) ? toDate(day) : undefined;
  if (!date) return day;
  date.setDate(date.getDate() + days);
  return calendarDay(date);
}
