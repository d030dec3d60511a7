import { firstAbsoluteDay, firstAbsoluteDayMatch } from './absoluteDates';
import type { CalendarDate } from '../../types';

const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+|$)/;
// List markers, quote marks, emphasis, brackets and separators around a date label.
const MARKUP = /[>*_+\-\[\]():.,;—–|~（）【】「」『』：；、。・〜]+/g;
const LIST_ITEM = /^(\s*)(?:[-*+]|\d{1,3}[.)])\s/;
// Words of a date ahead of the writing: a deadline, a due day, a plan or a target.
const AHEAD = /\b(?:deadline|due|until|till|target|eta|expires?|expiry|planned|scheduled)\b|締め?切|〆切|期限|期日|納期|予定|目標|まで|마감|기한|납기|예정|목표|까지/i;

/**
 * The day each line's section says it was written, per 0-based line of `prose` (code already blanked):
 * the date of the nearest enclosing heading that has one (`## 2026-08-04`, `### Update 2026-08-04`,
 * with undated subheadings inheriting their parent's), or of a dated paragraph above the line in the
 * same paragraph — a line that is a date and at most a short label (`**2026-08-04**`, `2026-08-04:`,
 * `Standup 2026-08-04`) — which is closer and wins. Lines with neither get undefined.
 *
 * A date the text points ahead to is not the day it was written: a label naming a deadline or a plan
 * (`Deadline: 2026-10-31`, `締切: 2026-10-31`, `마감 2026-06-19`) dates nothing, and a list item whose
 * words lead to its date (`- Kickoff: 2026-03-02`) is one field of a list, dating only the lines nested
 * under it, not the items beside it. A list item led by its date (`- 2026-03-02:`) is a log's entry.
 */
export function sectionDays(prose: string): (CalendarDate | undefined)[] {
  const days: (CalendarDate | undefined)[] = [];
  // Heading dates by level: headingDays[level] is the date in force from headings of that level up.
  const headingDays: (CalendarDate | undefined)[] = new Array(7).fill(undefined);
  let paragraphDay: CalendarDate | undefined;
  // The indent of the list item whose label dates the paragraph when it dates only what is nested under it, else -1.
  let fieldIndent = -1;
  let lineStart = 0;
  while (lineStart <= prose.length) {
    let lineEnd = prose.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = prose.length;
    const line = prose.slice(lineStart, lineEnd).replace(/\r$/, '');
    const heading = HEADING.exec(line);
    if (heading) {
      const level = heading[1].length;
      const own = firstAbsoluteDay(line);
      const inherited = headingDays[level - 1];
      for (let deeper = level; deeper <= 6; deeper++) headingDays[deeper] = own ?? inherited;
      paragraphDay = undefined;
      fieldIndent = -1;
      days.push(headingDays[level]);
    } else if (line.trim() === '') {
      paragraphDay = undefined;
      fieldIndent = -1;
      days.push(headingDays[6]);
    } else {
      const item = LIST_ITEM.exec(line);
      if (fieldIndent >= 0 && item && item[1].length <= fieldIndent) paragraphDay = undefined;
      const label = paragraphLabel(line);
      if (label) {
        paragraphDay = label.day;
        fieldIndent = item && !label.dateLed ? item[1].length : -1;
      }
      days.push(paragraphDay ?? headingDays[6]);
    }
    lineStart = lineEnd + 1;
  }
  return days;
}

/** The date of a line that is a date label starting a paragraph, and whether the date leads it, else undefined. */
function paragraphLabel(line: string): { readonly day: CalendarDate; readonly dateLed: boolean } | undefined {
  if (line.length > 80) return undefined;
  const found = firstAbsoluteDayMatch(line);
  if (!found) return undefined;
  // Without its date and markup, a label keeps at most a few words; a sentence that merely holds a date keeps more.
  const rest = (line.slice(0, found.start) + ' ' + line.slice(found.end)).replace(MARKUP, ' ').trim();
  if (rest !== '' && (rest.split(/\s+/).length > 3 || AHEAD.test(rest))) return undefined;
  return { day: found.day, dateLed: line.slice(0, found.start).replace(MARKUP, '').trim() === '' };
}
