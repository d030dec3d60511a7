import type { RootPath } from '../../types';

/**
 * A date or period in a file name: 2026-10, 2026-10-03, 20261003, 2026-W44, 2026Q3, 2026, W44, and a day
 * without its year written with a separator, 03-08 (as 0308 or 1119 it is as often a plain number: fact_1119,
 * fact_1231). Status snapshots and weekly notes are named for the period they cover.
 */
const PERIOD = /(?<!\d)(?:(?:19|20)\d{2}(?:[-_.]?(?:[Ww]\d{1,2}|[Qq][1-4]|\d{1,2}(?:[-_.]?\d{1,2})?))?|[Ww]\d{1,2}|(?:0[1-9]|1[0-2])[-_.](?:0[1-9]|[12]\d|3[01]))(?!\d)/g;

/**
 * Whether two memories are entries of one dated series: their file names are the same but for the
 * dates or periods in them, and those differ ("project_status_2026-10.md", "project_status_2026-11.md";
 * "weekly_2026-W44.md", "weekly_2026-W45.md"). Successive snapshots carry over what is still true, so
 * they share text without one being a copy of the other.
 */
export function isSeries(a: RootPath, b: RootPath): boolean {
  const aPeriods = a.match(PERIOD);
  if (!aPeriods) return false;
  const bPeriods = b.match(PERIOD);
  if (!bPeriods) return false;
  return a.replace(PERIOD, '\u0000') === b.replace(PERIOD, '\u0000') && aPeriods.join() !== bPeriods.join();
}
