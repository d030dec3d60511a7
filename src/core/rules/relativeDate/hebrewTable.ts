import type { DateLanguage } from './dateLanguage';
import type { Granularity } from './calendar';
import type { CalendarDate } from '../../types';
import { clauseAround } from './clauseAround';
import { collect, counted, shifted, type Entry } from './expressionTable';
import type { DateMention } from './mention';

/**
 * Hebrew relative dates (היום, אתמול, בשבוע הבא, לפני 3 ימים, ...), found by their words alone: no verb
 * is read, so each is annotated with its date and never rewritten by `--fix` (see DateMention.language).
 */
export function findHebrewMentions(prose: string, reference: CalendarDate): DateMention[] {
  if (!HE_GATE.test(prose)) return [];
  const found: DateMention[] = [];
  collect(prose, reference, HEBREW, found);
  return found.map((mention) => ({ ...mention, language: 'he' as const }));
}

/** Words every Hebrew entry's match contains, behind a letter of the script: a text without Hebrew fails in one cheap scan. */
export const HE_GATE = { test: (text: string): boolean => HE_LETTER.test(text) && HE_WORDS.test(text) };
const HE_LETTER = /[\u05D0-\u05EA]/;
const HE_WORDS = /היום|אתמול|מחר|שלשום|הערב|הלילה|הבוקר|אמש|אשתקד|שבוע|חודש|שנה|שנתיים|לפני|בעוד/;

// Hebrew writes its prepositions, conjunctions and article as letters glued to the word (ומחר "and
// tomorrow", שאתמול "that yesterday", מהיום "from today", בשבוע הבא "in the next week"): up to two of
// them may lead an expression, and no other letter may touch it on either side (מחרוזת is "string",
// למחרת "the next day" of a story).
const HE = '\\p{Script=Hebrew}';
const PREFIX = '(?:[ושמבלכ]{0,2})';
const START = `(?<!${HE})${PREFIX}`;
const END = `(?!${HE})`;

const DAYS: Record<string, number> = { שלשום: -2, אתמול: -1, אמש: -1, היום: 0, הבוקר: 0, הערב: 0, הלילה: 0, מחר: 1, מחרתיים: 2 };
const PERIODS: Record<string, Granularity> = { שבוע: 'week', חודש: 'month', שנה: 'year' };
const NEXT = /^ה?באה?$/;
const COUNTS: Record<string, number> = {
  אחד: 1, אחת: 1, שני: 2, שתי: 2, שלושה: 3, שלוש: 3, ארבעה: 4, ארבע: 4, חמישה: 5, חמש: 5, שישה: 6, שש: 6,
  שבעה: 7, שבע: 7, שמונה: 8, תשעה: 9, תשע: 9, עשרה: 10, עשר: 10,
};
const UNITS: Record<string, Granularity> = { יום: 'day', ימים: 'day', שבוע: 'week', שבועות: 'week', חודש: 'month', חודשים: 'month', שנה: 'year', שנים: 'year' };
const DUALS: Record<string, [Granularity, number]> = { יומיים: ['day', 2], שבועיים: ['week', 2], חודשיים: ['month', 2], שנתיים: ['year', 2] };

// "ארוחת הבוקר" (breakfast), "סדר היום" (the agenda), "כל השבוע" (all week), "ראש השנה", "עד היום" (to
// this day), "אותו היום" (that same day), "לשונית היום" (the Today tab): a word before the definite
// forms that makes them a name, a span or another day. A feminine noun in construct ends in ת.
const BOUND_BEFORE = new RegExp(
  `(?:^|[^${'\\p{Script=Hebrew}'}])(?:[ובלמש]?(?:כל|סוף|תחילת|אמצע|סדר|ראש|ימי|אותו|אותה|עד|משך|במשך|לאורך|שעות|תוכנית|מסך|כפתור|דף|עמוד|תפריט|רכיב|פאנל|טאב|מצב|חצי|רבע)|[${'\\p{Script=Hebrew}'}]{2,}ת)\\s+$`,
  'u',
);
// "הלילה של ההשקה" (the night of the launch), "השבוע שבו" (the week in which), "השנה הראשונה" (the first
// year), "היום השלישי" (the third day): an adjective agrees with its noun's ה; a ה-word that is not one
// starts the clause's subject ("היום המשתמש ביקש", "today the user asked").
const BOUND_AFTER = /^\s+(?:של|שבו|שבה|שלפני|שאחרי|ש?אחרי|ש?לפני|ה(?:ראשונ|אחרונ|שני|שנייה|שלישי|רביעי|חמישי|ארוכ|ארוך|קודמ|ההוא|ההיא|שלמ|שלם|מלא|מיוחד|גדול|קשה|קצר|רגיל)[\p{Script=Hebrew}]{0,2})(?![\p{Script=Hebrew}])/u;
// Habits, rules and what a product shows ("כל יום", "מדי שבוע", "תמיד", "מציג את המשימות של היום").
const RECURRING = /כל\s+(?:יום|בוקר|ערב|לילה|שבוע|חודש|שנה|פעם)|מדי\s+(?:יום|בוקר|ערב|לילה|שבוע|חודש|שנה|פעם)|תמיד|בדרך\s+כלל|לעולם|(?<![\p{Script=Hebrew}])(?:יומי|יומית|שבועי|שבועית)(?![\p{Script=Hebrew}])|מציג|מציגה|מציגים|מוצג|מוצגת|מוצגים|מוצגות|להציג|תציג|יציג/u;
// "כאילו אין מחר" (as if there were no tomorrow), "אל תדחה למחר" (don't put off till tomorrow), "מחר הוא יום חדש",
// "בעולם של היום" (in today's world).
const IDIOM = /אין\s+מחר|(?:ב|ה)?עולם\s+של\s+היום|(?:תדחה|לדחות|דוחים)\s+למחר|מחר\s+הוא\s+יום\s+חדש|מחר\s+טוב\s+יותר|היום\s+ומחר|של\s+היום\s+ושל\s+מחר/u;
// A period something is deleted or expires after ("בעוד 30 ימים יימחק אוטומטית").
const RETENTION = /אוטומטי|נמחק|יימחק|ימחקו|יימחקו|מחיקה|פג\s|יפוג|תפוג|תוקף|ארכיון/u;
const BREAK = /[.!?;:,\n\r]/;

/** Whether the clause says the words are not one date: a habit, an idiom, a deleted-after period, a test put to a design. */
function refusedByClause(prose: string, start: number, end: number, unit?: Granularity): boolean {
  const { before, after } = clauseAround(prose, start, end, BREAK);
  const clause = before + prose.slice(start, end) + after;
  if (RECURRING.test(clause) || IDIOM.test(clause)) return true;
  if (unit === undefined) return false;
  // "בעוד עשר שנים זה עדיין יחזיק?": a test put to a design whenever it is read, not a year.
  if (unit === 'year' && /^[^.!\n]*\?/.test(prose.slice(end, end + 80))) return true;
  return RETENTION.test(after);
}

function definiteBound(prose: string, start: number, end: number, word: string): boolean {
  if (!word.startsWith('ה') || word !== prose.slice(start, end)) {
    // A prefix letter (מהיום, ובשבוע) already joins the word to what comes before it.
    return word.startsWith('ה') && BOUND_AFTER.test(prose.slice(end, end + 24));
  }
  return BOUND_BEFORE.test(prose.slice(Math.max(0, start - 16), start)) || BOUND_AFTER.test(prose.slice(end, end + 24));
}

const HEBREW: readonly Entry[] = [
  {
    pattern: new RegExp(`${START}(שלשום|אתמול|אמש|היום|הבוקר|הערב|הלילה|מחרתיים|מחר)${END}`, 'gu'),
    read: (m, prose, ref) => {
      const start = m.index;
      const end = start + m[0].length;
      if (definiteBound(prose, start, end, m[1]) || refusedByClause(prose, start, end)) return undefined;
      return shifted(ref, 'day', DAYS[m[1]]);
    },
  },
  {
    // "השבוע" (this week), "בשבוע הבא", "בחודש שעבר", "בשנה הבאה", "החודש", "השנה".
    pattern: new RegExp(`${START}(ה)?(שבוע|חודש|שנה)(?:\\s+(הבאה?|שעברה?|הקודמת?))?${END}`, 'gu'),
    read: (m, prose, ref) => {
      const start = m.index;
      const end = start + m[0].length;
      const unit = PERIODS[m[2]];
      if (!m[3]) {
        // A bare noun ("שבוע", "בשנה") is a span; only the definite one alone names this week, month or year.
        if (!m[1] || definiteBound(prose, start, end, m[1] + m[2]) || refusedByClause(prose, start, end)) return undefined;
        return shifted(ref, unit, 0);
      }
      if (refusedByClause(prose, start, end)) return undefined;
      return shifted(ref, unit, NEXT.test(m[3]) ? 1 : -1);
    },
  },
  {
    pattern: new RegExp(`${START}אשתקד${END}`, 'gu'),
    read: (m, prose, ref) => (refusedByClause(prose, m.index, m.index + m[0].length) ? undefined : shifted(ref, 'year', -1)),
  },
  {
    // "לפני 3 ימים", "לפני שלושה שבועות", "בעוד שבועיים", "לפני שנה", "בעוד חודש".
    pattern: new RegExp(
      `${START}(לפני|בעוד)\\s+(?:(\\d{1,3}|אחד|אחת|שני|שתי|שלושה|שלוש|ארבעה|ארבע|חמישה|חמש|שישה|שש|שבעה|שבע|שמונה|תשעה|תשע|עשרה|עשר)\\s+(ימים|יום|שבועות|שבוע|חודשים|חודש|שנים|שנה)|(יומיים|שבועיים|חודשיים|שנתיים|שבוע|חודש|שנה))${END}`,
      'gu',
    ),
    read: (m, prose, ref) => {
      const start = m.index;
      const end = start + m[0].length;
      const sign = m[1] === 'לפני' ? -1 : 1;
      let unit: Granularity;
      let count: number;
      if (m[4]) {
        [unit, count] = DUALS[m[4]] ?? [UNITS[m[4]], 1];
        // "לפני שבוע ההשקה" (before launch week), "לפני שנה של עבודה": a noun in construct, not a count.
        if (!DUALS[m[4]] && BOUND_AFTER.test(prose.slice(end, end + 24))) return undefined;
      } else {
        unit = UNITS[m[3]];
        count = /^\d/.test(m[2]) ? Number(m[2]) : COUNTS[m[2]];
        // "שני ימים" is two days, "יום שני" Monday: a singular unit after a count word is not Hebrew for a count.
        if (!(count > 0) || (count > 1 && /^(?:יום|שבוע|חודש|שנה)$/.test(m[3]) && !/^\d/.test(m[2]))) return undefined;
      }
      if (refusedByClause(prose, start, end, unit)) return undefined;
      return counted(ref, unit, sign * count);
    },
  },
];

/** Hebrew, for the rule's list of table languages. */
export const HEBREW_DATES: DateLanguage = { name: 'hebrew', gate: HE_GATE, findMentions: findHebrewMentions };
