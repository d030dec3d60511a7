import type { DateLanguage } from './dateLanguage';
import type { Granularity } from './calendar';
import type { CalendarDate } from '../../types';
import { clauseAround, lineAround } from './clauseAround';
import { collect, counted, shifted, type Entry } from './expressionTable';
import { weekdayInWeek } from './calendar';
import type { DateMention } from './mention';

/**
 * Chinese relative dates, simplified and traditional (昨天, 下周, 上個月, 明年, 3天前, ...), found by their
 * words alone and annotated, never rewritten by `--fix` (see DateMention.language), and only on lines
 * without kana, so Japanese text gets none. Where the Japanese finders also read a word Chinese shares
 * (今年, 去年, 3年前), the overlap keeps their reading; these find it where Japanese rules refuse it
 * (在去年, 和今年: a kanji before is a compound in Japanese, a word in Chinese).
 */
export function findChineseMentions(prose: string, reference: CalendarDate): DateMention[] {
  if (!ZH_CHARACTER.test(prose)) return [];
  const found: DateMention[] = [];
  if (!KANA_LETTER.test(prose)) {
    if (ZH_WORDS.test(prose)) collect(prose, reference, CHINESE, found);
  } else {
    // Chinese lines among Japanese ones: each line without kana is read on its own.
    for (let start = 0; start < prose.length; ) {
      const newline = prose.indexOf('\n', start);
      const end = newline < 0 ? prose.length : newline;
      const line = prose.slice(start, end);
      if (!KANA_LETTER.test(line) && ZH_WORDS.test(line)) {
        const onLine: DateMention[] = [];
        collect(line, reference, CHINESE, onLine);
        for (const mention of onLine) found.push({ ...mention, start: mention.start + start, end: mention.end + start });
      }
      start = end + 1;
    }
  }
  return found.map((mention) => ({ ...mention, language: 'zh' as const }));
}

/**
 * Words every Chinese entry's match contains, behind the characters one of them must hold: a text
 * without those fails in one cheap scan, where a search for the words costs three times as much.
 */
export const ZH_GATE = { test: (text: string): boolean => ZH_CHARACTER.test(text) && ZH_WORDS.test(text) };
/** A character every Chinese match holds: a unit of time. */
const ZH_CHARACTER = /[天晚早周週期拜月年]/;
const ZH_WORDS = /[今昨明前后後][天晚早]|[这這本上下][个個]?(?:周|週|星期|礼拜|禮拜|月)|[去今明前后後]年|[天周週月年期拜][之以]?[前后後]/;

const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const KANA_LETTER = /[\u3041-\u3096\u30A1-\u30FA]/;

// Chinese writes no spaces, so a date's characters also meet across two words: 之前天气 ("before, the
// weather"), 以上周期 ("the cycle above"), 聪明年轻 ("clever and young"), 看一下周报 ("a look at the weekly
// report"). A character before or after that makes such a word refuses the match.
const GLUED_BEFORE = /[之以然最背落随隨此提目当當眼面跟事向往加线線马馬早晚路身手网網至迎一底楼樓聪聰光证證表发發文基资資根日]$/;
// 月份, 周期, 周报, 年轻: a period word starting a noun. A day word is rarely glued after (今天到货 is "arrives today").
const PERIOD_GLUED_AFTER = /^[期边邊围圍到全刊岁歲长長转轉游遊报報份球光薪费費票轻輕龄齡纪紀代级級]/;
const DAY_GLUED_AFTER = /^[猫貓堂]/;
// 今天视图 (the Today view), 本周标签 (the This week tab): a date naming a part of a product.
const UI_AFTER = /^(?:的)?(?:视图|視圖|标签|標籤|按钮|按鈕|卡片|页面|頁面|面板|菜单|菜單|栏|欄|选项卡|選項卡|窗口|组件|組件|模块|模組|板块|板塊|列表|小部件|tab|Tab)/;
// Habits, rules and what a product shows: 每天, 每周, 总是, 显示今天的任务.
const RECURRING = /每天|每日|每周|每週|每星期|每个|每個|每月|每年|每次|天天|总是|總是|通常|一般|经常|經常|平时|平時|始终|始終|显示|顯示|展示|列出/;
// 明天会更好 ("tomorrow will be better"), 今天的世界 ("today's world"), 昨天的我.
const IDIOM = /明天[会會]更好|今天的(?:世界|社会|社會|中国|中國|时代|時代|年轻人|年輕人)|昨天的(?:我|自己)|今日事今日毕|今日事今日畢/;
// Deleted or expired a period after: 3天后自动删除.
const RETENTION = /^[^。！？\n]{0,12}?(?:自动|自動|删除|刪除|过期|過期|失效|清除|清理|归档|歸檔|注销|註銷)/;
const BREAK = /[。！？；，,;!?\n\r]/;

/** Whether the words start a Chinese word on a line of Chinese (no kana), not part of a larger word, a label, a habit or an idiom. */
function standsAsDate(prose: string, start: number, end: number, glued = PERIOD_GLUED_AFTER): boolean {
  if (GLUED_BEFORE.test(prose.slice(Math.max(0, start - 1), start)) || glued.test(prose.slice(end, end + 1))) return false;
  if (UI_AFTER.test(prose.slice(end, end + 6))) return false;
  if (KANA.test(lineAround(prose, start, end))) return false;
  const { before, after } = clauseAround(prose, start, end, BREAK);
  const clause = before + prose.slice(start, end) + after;
  return !RECURRING.test(clause) && !IDIOM.test(clause);
}

// A count counts from the day of writing at a clause's start or after a pronoun or adverb (我们3天后发布);
// after a noun it counts from that event (注册3天后, "3 days after signing up").
const COUNT_FREE_BEFORE = /(?:^|[\s\p{P}\p{S}们們我你他她它将將会會就要已都也还還再在于於])$/u;

const DAYS: Record<string, number> = {
  大前天: -3, 前天: -2, 昨天: -1, 昨晚: -1, 今天: 0, 今晚: 0, 今早: 0, 明天: 1, 明晚: 1, 明早: 1, 后天: 2, 後天: 2, 大后天: 3, 大後天: 3,
};
const SHIFT: Record<string, number> = { 上上: -2, 上: -1, 这: 0, 這: 0, 本: 0, 下: 1, 下下: 2 };
const YEARS: Record<string, number> = { 大前年: -3, 前年: -2, 去年: -1, 今年: 0, 明年: 1, 后年: 2, 後年: 2, 大后年: 3, 大後年: 3 };
const WEEKDAYS: Record<string, number> = { 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 日: 7, 天: 7 };
const DIGITS: Record<string, number> = { 一: 1, 两: 2, 兩: 2, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
const UNITS: Record<string, Granularity> = { 天: 'day', 周: 'week', 週: 'week', 星期: 'week', 礼拜: 'week', 禮拜: 'week', 月: 'month', 年: 'year' };

/** 3, 三, 十, 十五, 二十: the counts a date uses. */
function zhNumber(text: string): number {
  if (/^\d+$/.test(text)) return Number(text);
  const ten = text.indexOf('十');
  if (ten < 0) return text.length === 1 ? (DIGITS[text] ?? NaN) : NaN;
  const tens = ten === 0 ? 1 : DIGITS[text.slice(0, ten)];
  const ones = ten === text.length - 1 ? 0 : DIGITS[text.slice(ten + 1)];
  return tens * 10 + ones;
}

const CHINESE: readonly Entry[] = [
  {
    pattern: /大前天|前天|昨天|昨晚|今天|今晚|今早|明天|明晚|明早|大后天|大後天|后天|後天/g,
    read: (m, prose, ref) => (standsAsDate(prose, m.index, m.index + m[0].length, DAY_GLUED_AFTER) ? shifted(ref, 'day', DAYS[m[0]]) : undefined),
  },
  {
    // 上周, 這週, 下个星期, 本周末, 上周五, 下礼拜三.
    // A weekday digit that starts another word is not one: 上周一起 ("last week, together"), 本周三天 ("three days this week").
    pattern: /(上上|下下|上|下|这|這|本)([个個])?(周|週|星期|礼拜|禮拜)(?:(末)|([一二三四五六日天])(?![起直样樣些切共定般下点點个個次会會天气氣]))?/g,
    read: (m, prose, ref) => {
      // 个 goes with 星期, 礼拜 and 周末 (这个周末), not with a bare 周.
      if (m[2] && (m[3] === '周' || m[3] === '週') && !m[4]) return undefined;
      if (!standsAsDate(prose, m.index, m.index + m[0].length)) return undefined;
      const weeks = SHIFT[m[1]];
      if (m[5]) return { granularity: 'day', date: weekdayInWeek(ref, weeks, WEEKDAYS[m[5]]) };
      return shifted(ref, m[4] ? 'weekend' : 'week', weeks);
    },
  },
  {
    // 上个月, 上月, 這個月, 本月, 下下个月.
    pattern: /(上上|下下|上|下|这|這|本)([个個])?月/g,
    read: (m, prose, ref) => {
      if ((m[1] === '这' || m[1] === '這') && !m[2]) return undefined;
      return standsAsDate(prose, m.index, m.index + m[0].length) ? shifted(ref, 'month', SHIFT[m[1]]) : undefined;
    },
  },
  {
    // 去年比 ("against last year") names a metric.
    pattern: /大前年|前年|去年|今年|明年|大后年|大後年|后年|後年/g,
    read: (m, prose, ref) => (standsAsDate(prose, m.index, m.index + m[0].length) && prose[m.index + m[0].length] !== '比' ? shifted(ref, 'year', YEARS[m[0]]) : undefined),
  },
  {
    // 3天前, 三天后, 两周前, 2个星期后, 3个月前, 一年后, 3年前.
    pattern: /(?<!\d)(\d{1,3}|[一二两兩三四五六七八九十]{1,3})\s?(?:([个個])?(星期|礼拜|禮拜|月)|(天|周|週)|(年))\s?([之以]?前|[之以]?后|[之以]?後)/g,
    read: (m, prose, ref) => {
      const start = m.index;
      const end = start + m[0].length;
      const unitWord = m[3] ?? m[4] ?? m[5];
      const after = m[6].slice(-1);
      if (m[3] === '月' && !m[2]) return undefined;
      const count = zhNumber(m[1]);
      if (!(count > 0) || !COUNT_FREE_BEFORE.test(prose.slice(Math.max(0, start - 1), start))) return undefined;
      if (!standsAsDate(prose, start, end) || RETENTION.test(prose.slice(end, end + 24))) return undefined;
      // 10年后还成立吗？: a test put to a design whenever it is read, not a year.
      if (m[5] && /^[^。！\n]{0,40}[吗嗎？?]/.test(prose.slice(end, end + 42))) return undefined;
      return counted(ref, UNITS[unitWord], (after === '前' ? -1 : 1) * count);
    },
  },
];

/** Chinese, for the rule's list of table languages. */
export const CHINESE_DATES: DateLanguage = { name: 'chinese', gate: ZH_GATE, findMentions: findChineseMentions };
