import { firstAbsoluteDay, firstAbsoluteDayMatch } from './absoluteDates';
import type { CalendarDate } from './calendar';

const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+|$)/;
// List markers, quote marks, emphasis, brackets and separators around a date label.
const MARKUP = /[>*_+\-\[\]():.,;—–|~]+/g;

/**
 * The day each line's section says it was written, per 0-based line of `prose` (code already blanked):
 * the date of the nearest enclosing heading that has one (`## 2026-08-04`, `### Update 2026-08-04`,
 * with undated subheadings inheriting their parent's), or of a dated paragraph above the line in the
 * same paragraph — a line that is a date and at most a short label (`**2026-08-04**`, `2026-08-04:`,
 * `Standup 2026-08-04`) — which is closer and wins. Lines with neither get undefined.
 */
export function sectionDays(prose: string): (CalendarDate | undefined)[] {
  const days: (CalendarDate | undefined)[] = [];
  // Heading dates by level: headingDays[level] is the date in force from headings of that level up.
  const headingDays: (CalendarDate | undefined)[] = new Array(7).fill(undefined);
  let paragraphDay: CalendarDate | undefined;
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
      days.push(headingDays[level]);
    } else if (line.trim() === '') {
      paragraphDay = undefined;
      days.push(headingDays[6]);
    } else {
      const labelDay = paragraphLabelDay(line);
      if (labelDay) paragraphDay = labelDay;
      days.push(paragraphDay ?? headingDays[6]);
    }
    lineStart = lineEnd + 1;
  }
  return days;
}

/** The date of a line that is a date label starting a paragraph, else undefined. */
function paragraphLabelDay(line: string): CalendarDate | undefined {
  if (line.length > 80) return undefined;
  const found = firstAbsoluteDayMatch(line);
  if (!found) return undefined;
  // Without its date and markup, a label keeps at most a few words; a sentence that merely holds a date keeps more.
  const rest = (line.slice(0, found.start) + ' ' + line.slice(found.end)).replace(MARKUP, ' ').trim();
  return rest === '' || rest.split(/\s+/).length <= 3 ? found.day : undefined;
}
