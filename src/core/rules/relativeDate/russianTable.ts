import type { DateLanguage } from './dateLanguage';
import type { Granularity } from './calendar';
import type { CalendarDate } from '../../types';
import { clauseAround, lineAround } from './clauseAround';
import { collect, counted, shifted, type Entry } from './expressionTable';
import type { DateMention } from './mention';

/**
 * Russian relative dates (вчера, на следующей неделе, в прошлом месяце, 3 дня назад, через неделю),
 * found by their words alone and annotated, never rewritten by `--fix` (see DateMention.language).
 */
export function findRussianMentions(prose: string, reference: CalendarDate): DateMention[] {
  if (!RU_GATE.test(prose)) return [];
  const found: DateMention[] = [];
  collect(prose, reference, RUSSIAN, found);
  return found.map((mention) => ({ ...mention, language: 'ru' as const }));
}

/** Stems every Russian entry's match contains, behind a Cyrillic letter: a text without one fails in one cheap scan. */
export const RU_GATE = { test: (text: string): boolean => CYRILLIC.test(text) && RU_WORDS.test(text) };
const CYRILLIC = /[\u0400-\u04FF]/;
const RU_WORDS = /[Вв]чера|[Сс]егодня|[Зз]автра|недел|месяц|[Гг]од|лет|назад|[Чч]ерез|выходн/;

// Words are matched whole: завтрак ("breakfast") holds завтра, сегодняшний ("today's") сегодня.
const L = '\\p{L}';
const START = `(?<!${L})`;
const END = `(?!${L})`;

const DAYS: Record<string, number> = { позавчера: -2, вчера: -1, сегодня: 0, завтра: 1, послезавтра: 2 };
const SHIFT: Record<string, number> = { позапрошл: -2, прошл: -1, эт: 0, следующ: 1, будущ: 1 };
const COUNTS: Record<string, number> = {
  один: 1, одну: 1, одна: 1, два: 2, две: 2, три: 3, четыре: 4, пять: 5, шесть: 6, семь: 7, восемь: 8, девять: 9, десять: 10,
};

function unitOf(word: string): Granularity {
  if (/^(?:день|дня|дней)$/.test(word)) return 'day';
  if (/^недел/.test(word)) return 'week';
  if (/^месяц/.test(word)) return 'month';
  return 'year';
}

// A habit, a rule or a product's display (каждый день, всегда, показывает ...).
const RECURRING = /кажд|ежедневн|еженедельн|ежемесячн|всегда|обычно|как\s+правило|показыва|отобража|выводит/iu;
// Idioms, read on the whole line: "не откладывай на завтра то, что можно сделать сегодня", "завтра никогда не наступит".
const IDIOM = /не\s+откладыва\S*\s+на\s+завтра|завтра\s+никогда\s+не/iu;
// A period something is deleted or expires after: "удаляются через 30 дней", "через 30 дней удаляется автоматически".
const RETENTION = /удал|истека|истеч|автоматическ|архивир|блокир|очища|хранятся|хранится/iu;
// "вкладка Сегодня", "кнопка «Завтра»", "раздел На этой неделе": a part of a product named for the day.
const UI_BEFORE = /(?:вкладк[аиуе]|кнопк[аиуе]|раздел[аеу]?|экран[аеу]?|страниц[аыеу]|панел[ьиейю]|виджет[аеу]?|меню|фильтр[аеу]?|режим[аеу]?|карточк[аиуе]|колонк[аиуе]|блок[аеу]?|папк[аиуе])\s*["«]?$/iu;
const BREAK = /[.!?;:,\n\r]/;

function refused(prose: string, start: number, end: number, unit?: Granularity): boolean {
  const before = prose.slice(Math.max(0, start - 24), start);
  if (UI_BEFORE.test(before)) return true;
  // A capital after a lower-case word is a name, not a sentence's start: "открыть Сегодня".
  if (/^\p{Lu}/u.test(prose.slice(start, end)) && /\p{Ll}\s+$/u.test(before)) return true;
  const clause = clauseAround(prose, start, end, BREAK);
  if (RECURRING.test(clause.before + prose.slice(start, end) + clause.after) || IDIOM.test(lineAround(prose, start, end))) return true;
  if (unit === undefined) return false;
  // "Через 10 лет это ещё будет работать?": a test put to a design whenever it is read.
  if (unit === 'year' && /^[^.!\n]*\?/.test(prose.slice(end, end + 80))) return true;
  return RETENTION.test(clause.before) || RETENTION.test(clause.after);
}

const RUSSIAN: readonly Entry[] = [
  {
    pattern: new RegExp(`${START}(позавчера|вчера|сегодня|послезавтра|завтра)${END}`, 'giu'),
    read: (m, prose, ref) => (refused(prose, m.index, m.index + m[0].length) ? undefined : shifted(ref, 'day', DAYS[m[1].toLowerCase()])),
  },
  {
    // "на следующей неделе", "на прошлой неделе", "на эту неделю", "следующая неделя", "в прошлые выходные".
    pattern: new RegExp(
      `${START}(?:(?:на|в)\\s+)?(позапрошл|прошл|эт|следующ|будущ)(?:ей|ой|ую|ая|ые|ие|ых|их|у)\\s+(недел(?:е|ю|я)|выходн(?:ые|ых))${END}`,
      'giu',
    ),
    read: (m, prose, ref) => {
      if (refused(prose, m.index, m.index + m[0].length)) return undefined;
      return shifted(ref, /^выходн/i.test(m[2]) ? 'weekend' : 'week', SHIFT[m[1].toLowerCase()]);
    },
  },
  {
    // "в прошлом месяце", "в следующем году", "в этом году", "прошлый месяц", "в позапрошлом году".
    pattern: new RegExp(`${START}(?:в\\s+)?(позапрошл|прошл|эт|следующ|будущ)(?:ем|ом|ий|ый|от)\\s+(месяц(?:е)?|год(?:у)?)${END}`, 'giu'),
    read: (m, prose, ref) => {
      if (refused(prose, m.index, m.index + m[0].length)) return undefined;
      return shifted(ref, /^месяц/i.test(m[2]) ? 'month' : 'year', SHIFT[m[1].toLowerCase()]);
    },
  },
  {
    // "3 дня назад", "две недели назад", "неделю назад", "через 2 месяца", "через год"; not "через день" ("every other day").
    pattern: new RegExp(
      `${START}(?:(через)\\s+)?(?:(\\d{1,3}|один|одну|одна|два|две|три|четыре|пять|шесть|семь|восемь|девять|десять)\\s+)?(дней|дня|день|недел[июь]|недель|месяцев|месяца|месяц|лет|года|год)(?:\\s+(назад))?${END}`,
      'giu',
    ),
    read: (m, prose, ref) => {
      const later = m[1] !== undefined;
      const ago = m[4] !== undefined;
      if (later === ago) return undefined;
      const unitWord = m[3].toLowerCase();
      if (!m[2] && (/^(?:день|дня|дней|лет|года|недель|месяцев|месяца|недели)$/.test(unitWord))) return undefined;
      const count = m[2] ? (/^\d/.test(m[2]) ? Number(m[2]) : COUNTS[m[2].toLowerCase()]) : 1;
      if (!(count > 0)) return undefined;
      const unit = unitOf(unitWord);
      if (refused(prose, m.index, m.index + m[0].length, unit)) return undefined;
      return counted(ref, unit, (ago ? -1 : 1) * count);
    },
  },
];

/** Russian, for the rule's list of table languages. */
export const RUSSIAN_DATES: DateLanguage = { name: 'russian', gate: RU_GATE, findMentions: findRussianMentions };
