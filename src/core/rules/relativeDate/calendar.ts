/**
 * Calendar arithmetic for the relative-date rule, on plain year/month/day triples. Dates here are days
 * on a calendar, not instants: a relative expression names a day as its writer saw it, so nothing in
 * this module depends on the machine's time zone.
 */

import type { CalendarDate } from '../../types';


/** What a relative expression names, and so what its absolute replacement spells out. */
export type Granularity = 'day' | 'week' | 'weekend' | 'month' | 'year';

const MS_PER_DAY = 86_400_000;

function toDayNumber(date: CalendarDate): number {
  return Math.floor(Date.UTC(date.year, date.month - 1, date.day) / MS_PER_DAY);
}

function fromDayNumber(days: number): CalendarDate {
  const d = new Date(days * MS_PER_DAY);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** The day `days` days after `date` (before, when negative). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  return fromDayNumber(toDayNumber(date) + days);
}

/** Shifts by whole months, landing on day 1: month expressions never need the day, and day 31 would overflow. */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const index = date.year * 12 + (date.month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12 + 12) % 12 + 1, day: 1 };
}

/** ISO weekday: Monday 1 ... Sunday 7. */
export function isoWeekday(date: CalendarDate): number {
  // Day 0 (1970-01-01) was a Thursday.
  return ((((toDayNumber(date) + 3) % 7) + 7) % 7) + 1;
}

/** The Monday of the week holding `date`: weeks start on Monday, as ISO 8601 and Korean/Japanese calendars at work count them. */
export function mondayOf(date: CalendarDate): CalendarDate {
  return addDays(date, 1 - isoWeekday(date));
}

/** `weekday` (ISO) in the week `weeks` weeks from the one holding `reference`. */
export function weekdayInWeek(reference: CalendarDate, weeks: number, weekday: number): CalendarDate {
  return addDays(mondayOf(reference), weeks * 7 + weekday - 1);
}

/**
 * How "this/next/last <weekday>" resolve, the way chrono-node resolves them in English, so the same
 * words mean the same day in every language: `this` is the next such day from today on, `next` is that
 * day in the following week, `last` the most recent such day before today.
 */
export type WeekdayModifier = 'this' | 'next' | 'last';

export function resolveWeekday(reference: CalendarDate, modifier: WeekdayModifier, weekday: number): CalendarDate {
  const today = isoWeekday(reference);
  switch (modifier) {
    case 'this':
      return addDays(reference, (weekday - today + 7) % 7);
    case 'next':
      return weekdayInWeek(reference, 1, weekday);
    case 'last':
      return addDays(reference, -(((today - weekday + 6) % 7) + 1));
  }
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** `2026-07-30`. */
export function formatIsoDate(date: CalendarDate): string {
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

/** `2026-07`. */
export function formatIsoMonth(date: CalendarDate): string {
  return `${pad(date.year, 4)}-${pad(date.month, 2)}`;
}

/** Parses `YYYY-MM-DD` exactly; anything else (or an impossible day) is undefined. */
export function parseIsoDate(text: string): CalendarDate | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  const round = fromDayNumber(toDayNumber(date));
  return round.year === date.year && round.month === date.month && round.day === date.day ? date : undefined;
}
