// Pure rules of the desk's operations part: the words its calls answer with, and the shop's
// calendar (Asia/Karachi days) that the business view and the CSV export count in.
import { fromShopWallTime, karachiDay } from './desk.ts';

/** What the desk's failed-mail, business, customer and export calls answer. */
export const DESK_OPS_ANSWERS = {
  mailNotFound: 'No such failed mail.',
  mailAlreadySent: 'This mail has already been sent.',
  mailBeingSent: 'This mail is being sent right now. Reload in a minute to see how it went.',
  mailResent: (to: string) => `The mail to ${to} has been sent.`,
  mailResentAbout: (number: string) => `The mail about order #${number} has been sent.`,
  mailStillFailing: (error: string) =>
    `The mail could not be sent: ${error}. It stays in the list; try again later.`,
  badDates: 'The start date must not be after the end date.',
  badDay: (day: string) => `${day} is not a date of the calendar.`,
  rangeTooLong: (days: number) => `A period can be at most ${days} days long.`,
} as const;

/** The longest period the CSV export accepts: one year and a leap day. */
export const MAX_EXPORT_DAYS = 366;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether YYYY-MM-DD names a real calendar day (not 2026-02-30). */
export function isCalendarDay(day: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return false;
  const date = new Date(Date.UTC(2000, Number(match[2]) - 1, Number(match[3])));
  // Set apart: Date.UTC reads years 0 to 99 as 1900 to 1999.
  date.setUTCFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return date.toISOString().slice(0, 10) === day;
}

/** The day `n` calendar days after `day` (before, when negative), as YYYY-MM-DD. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** How many days from `from` to `to`, both counted (2026-01-01 to 2026-01-01 is 1). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/**
 * When Karachi day `day` begins, as ISO 8601 UTC text (comparable with stored order dates): at
 * 19:00 UTC the day before, as Pakistan keeps UTC+5.
 */
export function karachiDayStart(day: string): string {
  return fromShopWallTime(`${day}T00:00:00`);
}

/** A named period of the business view: its first and last Karachi day, both counted. */
export interface Period {
  name: 'today' | '7 days' | '30 days';
  from: string;
  to: string;
}

/** Today, the last 7 days and the last 30 days (today counted), in Karachi days at `now`. */
export function businessPeriods(now: number | Date = Date.now()): Period[] {
  const today = karachiDay(now);
  return [
    { name: 'today', from: today, to: today },
    { name: '7 days', from: addDays(today, -6), to: today },
    { name: '30 days', from: addDays(today, -29), to: today },
  ];
}
