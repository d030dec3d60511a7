import type { RootPath } from '../../types';

/**
 * A date or period in a file name: 2026-10, 2026-10-03, 20261003, 2026-W44, 2026Q3, 2026, W44, and a day
 * without its year written with a separator, 03-08 (as 0308 or 1119 it is as often a plain number: fact_1119,
 * fact_1231). Status snapshots and weekly notes are named for the period they cover.
 */
const PERIOD = /(?<!\d)(?:(?:19|20)\d{2}(?:[-_.]?(?:[Ww]\d{1,2}|[Qq][1-4]|\d{1,2}(?:[-_.]?\d{1,2})?))?|[Ww]\d{1,2}|(?:0[1-9]|1[0-2])[-_.](?:0[1-9]|[12]\d|3[01]))(?!\d)/g;

/**
 * The other marks of a series entry in a file name (probe set test/fixtures/near-duplicates-probe,
 * 2026-12-02: four of its eight false pairs were such snapshots sharing a standing checklist or a log):
 * a number right after a word that names a recurring unit ("sprint-41", "release-2-13", "weekly-1103",
 * "milestone-1-state"; "fact_1119" and "ticket-1299" stay plain numbers), and a month's English name
 * ("ops-check-oct"). A version ("spec-v2") is no such mark: an older fact and its v2 are one fact kept twice.
 */
const NUMBERED =
  /(?<=(?:^|[-_./])(?:sprint|week|weekly|release|session|iteration|cycle|retro|standup|milestone|meeting|day|issue|episode|chapter|part)[-_.]?)\d+(?:[-_.]\d+)*(?!\d)|(?<![a-z])(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)(?![a-z])/gi;
const SERIES_MARK = new RegExp(`${PERIOD.source}|${NUMBERED.source}`, 'gi');
/**
 * Letters every name with a NUMBERED mark holds: tested first, since SERIES_MARK's look-behinds cost
 * four times PERIOD (0.8 against 0.2 µs a pair), and the stress corpus asks this of 50,000 pairs.
 */
const UNIT_HINT = /sprint|week|release|session|iteration|cycle|retro|standup|milestone|meeting|day|issue|episode|chapter|part|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec/i;

/**
 * A time of day or a session's part after a date is part of the date a snapshot is named for
 * ("status_2026_05_02_evening", "status_2026_05_03_dawn", "status_2026-05-04_evening_handoff"): successive
 * handoff notes of one day or of the next are a series however their sessions were named.
 */
const TIMES = 'morning|afternoon|evening|night|overnight|dawn|midday|noon|late|early|eod|am|pm|handoff|wrap-?up|kickoff';
const TIME_HINT = new RegExp(TIMES, 'i');
// The times must end the name: "2026-05-04_morning-routine" is about a routine.
const TIMED_PERIOD = new RegExp(`${PERIOD.source}(?:(?:[-_.](?:${TIMES}))+(?=\\.md$|$))?`, 'gi');

/**
 * Whether two memories are entries of one dated series: their file names are the same but for the
 * dates, periods or numbered units in them, and those differ ("project_status_2026-10.md",
 * "project_status_2026-11.md"; "weekly_2026-W44.md", "weekly_2026-W45.md"; "sprint-41.md", "sprint-42.md"). Successive snapshots carry over what is still true, so
 * they share text without one being a copy of the other.
 */
export function isSeries(a: RootPath, b: RootPath): boolean {
  return differsIn(a, b, PERIOD) || (TIME_HINT.test(a) && TIME_HINT.test(b) && differsIn(a, b, TIMED_PERIOD)) || (UNIT_HINT.test(a) && UNIT_HINT.test(b) && differsIn(a, b, SERIES_MARK));
}

/** Whether `a` and `b` are the same but for what `marks` matches, and that differs. */
function differsIn(a: RootPath, b: RootPath, marks: RegExp): boolean {
  const aMarks = a.match(marks);
  if (!aMarks) return false;
  const bMarks = b.match(marks);
  if (!bMarks) return false;
  return a.replace(marks, '\u0000') === b.replace(marks, '\u0000') && aMarks.join().toLowerCase() !== bMarks.join().toLowerCase();
}
