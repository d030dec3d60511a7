/**
 * Time words that name no day (issue #39, seen on real folders): "today" meaning "at present" ("the API
 * today returns cents", "as it stands today", 오늘날, 今日では), a span that describes a future reader
 * rather than a day ("write for the reader who arrives in six months", 1년 후에 합류하는 동료, 一年後に読む読者),
 * and a week word beside its own week number ("this week (week 48)", 今週（第12週）, 이번 주(48주차)).
 * Each reads the line around the words, never the whole text.
 */

/** How far before or after the words a reader or a week number is looked for, in characters. */
const NEAR = 48;

// "as it stands today", "as things are today", "the way it works today", "as we know it today".
const AS_IT_STANDS_BEFORE = /\b(?:as\s+(?:it|things|they|this|we\s+know\s+it)\s+(?:stands?|are|is|works?|exists?)|the\s+way\s+(?:it|things|this)\s+(?:works?|is|are|stands?))\s+$/i;
// "today" between a thing and its present-tense verb: "the API today returns", "the code today uses".
// A person ("we deploy today") or an occasion ("the deploy today runs at five") tells of a day and stays a finding.
const THING_BEFORE = /\b(?!(?:i|we|you|they|he|she|it|who|that|which|and|or|but|so|then|is|are|was|were|be|do|does|did|will|to|for|until|by|on|of|from|since|deploy|deploys|release|releases|launch|meeting|standup|sync|call|demo|review|freeze|cutover|migration|rollout|interview|deadline|session|sprint|retro|event|build|run|job)\b)[a-z][a-z0-9_-]*\s+$/i;
const PRESENT_VERB_AFTER = /^\s+(?!(?:was|is|does|has\s+been)\b)(?:[a-z]{2,}s|are|have|can|cannot|can['’]t|doesn['’]t|don['’]t|isn['’]t|aren['’]t|only|still|already|mostly|always|never|usually|typically)\b/i;
// "today, most reviews are async", "today most teams use": a generic statement about the present.
const GENERIC_AFTER = /^,?\s+(?:most|many|nearly\s+all|almost\s+all|all|every|each|no|few|some)\s+[a-z]/i;
// "the API as it exists today", "in the code today": "today" closing a clause about a thing's present state.
const STATE_BEFORE = /\b(?:exists?|stands?|looks?|works?|behaves?|reads?)\s+$/i;

const AT_PRESENT_KO = /^오늘날/;
const AT_PRESENT_JA = /^今日(?:では|でも|現在|に至るまで)|^今日の(?:時点|ところ)/;

/** Whether "today" (or its Korean and Japanese forms) at [start, end) of `line` means "at present". */
export function meansAtPresent(line: string, start: number, end: number): boolean {
  const words = line.slice(start, end);
  if (/^today$/i.test(words)) {
    const before = line.slice(Math.max(0, start - NEAR), start);
    const after = line.slice(end, end + NEAR);
    if (AS_IT_STANDS_BEFORE.test(before) || STATE_BEFORE.test(before) || GENERIC_AFTER.test(after)) return true;
    return THING_BEFORE.test(before) && PRESENT_VERB_AFTER.test(after);
  }
  const from = line.slice(start, end + 8);
  return AT_PRESENT_KO.test(from) || AT_PRESENT_JA.test(from);
}

// Someone who reads the memory later, just before the span: "the reader who arrives", "whoever opens this",
// "someone reading this", "future maintainers joining", "a new hire who starts" (one verb, its object at most).
const READER_BEFORE = /\b(?:reader|readers|whoever|someone|somebody|anyone|anybody|successor|newcomer|new\s+hire|next\s+(?:person|maintainer|engineer|agent|session)|future\s+(?:you|self|me|maintainers?|readers?|engineers?|agents?|sessions?|teammates?))\s+(?:(?:who|that)\s+)?(?:[a-z]+(?:s|es|ing)\s+(?:(?:this|it|here|the\s+[a-z]+|these\s+[a-z]+)\s+)?)?$/i;
// The span followed by a reading: "in six months should not need", "a year from now knows nothing".
const READER_AFTER = /^\s*(?:later\s+)?(?:reading|who\s+reads|opening|looking\s+at)\b/i;
// 6개월 뒤에 (이 문서를) 읽는 사람, 1년 후에 합류하는 동료.
const READER_AFTER_KO = /^\s?에?\s?(?:(?:[가-힣]{1,8}\s){0,2}[가-힣]{0,8}(?:을|를)\s?)?(?:읽|보|열어\s?보|들여다보|합류하|들어오|이어받)는\s?(?:사람|독자|동료|팀원|누군가|분|후임|담당자|나|에이전트)/;
// 半年後に（これを）読む人, 一年後に読む読者, 三ヶ月後に参加するメンバー.
const READER_AFTER_JA = /^に?(?:[^\s。、]{1,8}を)?(?:読む|開く|見る|参加する|入る|引き継ぐ)(?:人|読者|メンバー|誰か|方|後任|担当者|自分|エージェント)/u;

/** Whether the span at [start, end) of `line` tells when a future reader comes, not a day. */
export function describesFutureReader(line: string, start: number, end: number): boolean {
  const after = line.slice(end, end + NEAR);
  if (READER_AFTER_KO.test(after) || READER_AFTER_JA.test(after)) return true;
  return READER_BEFORE.test(line.slice(Math.max(0, start - NEAR), start)) || READER_AFTER.test(after);
}

const WEEK_WORD = /^(?:this|next|last)\s+week$|^(?:이번|다음|지난|저번)\s?주$|^(?:今週|来週|先週)$/i;
const WEEK_NUMBER = String.raw`(?:(?:week|wk|cw|kw)\.?\s*#?\d{1,2}|W\d{1,2}|第\s*\d{1,2}\s*週|\d{1,2}\s*주\s*차|\d{1,2}\s*週目)`;
const WEEK_NUMBER_AFTER = new RegExp(String.raw`^\s*[(（\[]\s*${WEEK_NUMBER}\s*[)）\]]|^\s*[—–:-]\s*${WEEK_NUMBER}\b`, 'i');
const WEEK_NUMBER_BEFORE = new RegExp(String.raw`${WEEK_NUMBER}\s*[(（\[]\s*$`, 'i');

/** Whether a week word at [start, end) of `line` has its own week number beside it: "this week (week 48)", 今週（第12週）. */
export function besideOwnWeekNumber(line: string, start: number, end: number): boolean {
  if (!WEEK_WORD.test(line.slice(start, end))) return false;
  return WEEK_NUMBER_AFTER.test(line.slice(end, end + NEAR)) || WEEK_NUMBER_BEFORE.test(line.slice(Math.max(0, start - NEAR), start));
}
