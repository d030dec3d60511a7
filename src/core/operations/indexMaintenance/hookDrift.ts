import { factSwap, tokenize, type FactSwap } from '../../rules/shared/factSwap';
import { hookFacts } from './hookFacts';

/** One fact a hook states otherwise than its description: `old` as the hook writes it, `now` as the description does. */
export type HookChange = FactSwap;

/**
 * The one fact a hook states otherwise than its memory's description (a name, a number, a date or
 * weekday, a negation: `Dana` where it says `Priya`, `09:00` where `10:00`, "allowed" where "not
 * allowed"), or undefined. A hook is a person's own line: most hooks in real folders condense the
 * description, or say more than it (issue #40: 204 of 360 real entries were flagged for wording), so
 * wording, a left-out clause and a detail of the hook's own are no drift. Only a fact found on both
 * sides, each in the other's place, counts: the change can then be shown and that fact alone edited.
 */
export function hookChange(hook: string, description: string): HookChange | undefined {
  // The lenses ask again for every entry on each redraw of MEMORY.md, and the answer only depends on the two texts.
  const key = `${hook}\u0000${description}`;
  const known = remembered.get(key);
  if (known !== undefined) return known ?? undefined;
  const change = computeHookChange(hook, description);
  if (remembered.size >= REMEMBERED) remembered.clear();
  remembered.set(key, change ?? null);
  return change;
}

/** Answers of {@link hookChange} by hook and description: a folder's entries, a few times over. */
const remembered = new Map<string, HookChange | null>();
const REMEMBERED = 4096;

function computeHookChange(hook: string, description: string): HookChange | undefined {
  const described = tokenize(description);
  // Word for word but one fact, in any of the three languages (`박지훈` for `김하늘`, `田中` for `佐藤`):
  // the whole hook, else each of its clauses, since a hook richer than its description keeps notes of its own.
  for (const [i, part] of [hook, ...clausesOf(hook)].entries()) {
    const swap = factSwap(tokenize(part), described);
    if (!swap) continue;
    // A clause as short as "never PDF" matches too loosely for a negation to be read from it.
    if (swap.kind === 'negation' ? i === 0 : swappedForReal(swap, description)) return swap;
  }
  // A close short form keeping most words, with one time, date or weekday replaced by another.
  if (sharedShare(hook, description) < CLOSE) return undefined;
  return replacedFact(hook, description);
}

/** A hook's clauses, when it has more than one: split at commas, semicolons, dashes and brackets. */
function clausesOf(hook: string): string[] {
  const parts = hook.split(/[,;、，；。()（）[\]【】]|\s[—–-]\s/u).map((part) => part.trim()).filter((part) => part !== '');
  return parts.length > 1 ? parts : [];
}

/**
 * Whether a swapped word is a fact the description no longer states: not found anywhere in it (`レビュー`
 * is in `コードレビュー`), and, for a Korean or Japanese name, not another ending of one word
 * (`채우면` against `채우는`, `コネクション` against `コネクションプール`).
 */
function swappedForReal(swap: HookChange, description: string): boolean {
  if (description.normalize('NFKC').toLowerCase().includes(swap.old.toLowerCase())) return false;
  // `02:00` and `2` (2時) are one time written two ways: a number changed only for another of its shape.
  if (swap.kind === 'number') return shape(swap.old) === shape(swap.now);
  if (swap.kind !== 'name' || /^\p{Script=Latin}/u.test(swap.old)) return true;
  const [a, b] = [[...swap.old], [...swap.now]];
  return !(a[0] === b[0] && a[1] === b[1]) && !swap.now.includes(swap.old) && !swap.old.includes(swap.now);
}

/** Whether a hook no longer says what the description says: see {@link hookChange}. */
export function hookDrifted(hook: string, description: string): boolean {
  return hookChange(hook, description) !== undefined;
}

/** The share of a hook's words its description holds, from which one changed fact is a drift rather than a note of the hook's own. */
const CLOSE = 0.6;

/**
 * The one time, date or weekday the hook holds and the description lacks, while the description holds
 * exactly one of that kind the hook lacks. Plain numbers and names out of place are left alone: in real
 * hooks they are details of the hook's own ("5 workstreams", a name the description does not use) far
 * more often than a changed fact, which the word-for-word reading above finds.
 */
function replacedFact(hook: string, description: string): HookChange | undefined {
  const one = (ours: readonly string[], theirs: readonly string[]): [string, string] | undefined => {
    const oursOnly = ours.filter((fact) => !theirs.includes(fact));
    const theirsOnly = theirs.filter((fact) => !ours.includes(fact));
    return oursOnly.length === 1 && theirsOnly.length === 1 ? [oursOnly[0], theirsOnly[0]] : undefined;
  };
  const dated = (text: string): string[] => numberTokens(text).filter((number) => /\d[:./-]\d/.test(number));
  const numbers = one(dated(hook), dated(description));
  if (numbers && shape(numbers[0]) === shape(numbers[1])) return { kind: 'number', old: numbers[0], now: numbers[1] };
  const weekdays = one([...hookFacts(hook).weekdays], [...hookFacts(description).weekdays]) ?? one(englishWeekdays(hook), englishWeekdays(description));
  if (weekdays) return { kind: 'weekday', old: weekdays[0], now: weekdays[1] };
  // One clause each, and only one of them negated: "Never squash merge commits" against "Squash merge commits".
  if (flipped(hook, description)) return { kind: 'negation', old: negationWord(hook), now: negationWord(description) };
  return undefined;
}

/**
 * One clause each, only one negated, and the negation not something the hook merely left out: a hook
 * cannot add a "never" by condensing, and a description's negation counts only right after the hook's
 * last word (`デプロイする` against `デプロイしない`), not on a clause the hook dropped (`커밋 메시지`
 * against `커밋 메시지에 이모지를 쓰지 않는다`).
 */
function flipped(hook: string, description: string): boolean {
  const [kept, source] = [hookFacts(hook), hookFacts(description)];
  if (kept.negated === source.negated || kept.clauses > 1 || source.clauses > 1) return false;
  if (kept.negated) return true;
  const last = tokenize(hook).filter((token) => token.cls !== 'other' && token.cls !== 'hiragana' && token.cls !== 'digit').at(-1);
  const text = description.normalize('NFKC');
  const negation = NEGATION_WORD.exec(text);
  if (!last || !negation) return false;
  for (let at = text.indexOf(last.text); at >= 0; at = text.indexOf(last.text, at + 1)) {
    const gap = negation.index - (at + last.text.length);
    if (gap >= 0 && gap <= MAX_NEGATION_GAP) return true;
  }
  return false;
}

/** Characters between a verb and its negation: `デプロイ|し|ない`, `배포|하지 |않는다`. */
const MAX_NEGATION_GAP = 4;

/** The negation word of a text, as written; '' for none. */
function negationWord(text: string): string {
  return NEGATION_WORD.exec(text.normalize('NFKC'))?.[0] ?? '';
}

const NEGATION_WORD = /\b(?:not|no|never|cannot|without|none)\b|\b\w+n't\b|않\S*|못하\S*|없\S*|말고|말라|금지|아니\S*|ない|ません|禁止|なし|無し/iu;

/** Numbers, times, dates and versions as whole tokens (`09:30`, `2026-12-07`), as written. */
function numberTokens(text: string): string[] {
  return [...new Set(tokenize(text).filter((token) => /^\d/.test(token.text)).map((token) => token.text))];
}

/** A number's separators: `09:00` and `10:30` are both times, `12` and `2026-12-07` are not one kind. */
function shape(number: string): string {
  return number.replace(/\d+/g, '0');
}

function englishWeekdays(text: string): string[] {
  return [...new Set([...text.normalize('NFKC').matchAll(/\b(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days?\b/g)].map(([day]) => day))];
}

function sharedShare(hook: string, description: string): number {
  const hookWords = words(hook);
  if (hookWords.size === 0) return 0;
  const descriptionWords = words(description);
  let shared = 0;
  for (const word of hookWords) if (descriptionWords.has(word)) shared++;
  return shared / hookWords.size;
}

// Hangul, kana and Han are written without spaces between words: pairs of characters stand for words.
const SPACELESS = /[\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;

function words(text: string): Set<string> {
  const result = new Set<string>();
  for (const [token] of text.normalize('NFKC').toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
    if (!SPACELESS.test(token)) {
      result.add(token);
      continue;
    }
    const chars = [...token];
    if (chars.length === 1) result.add(token);
    for (let i = 0; i + 1 < chars.length; i++) result.add(chars[i] + chars[i + 1]);
  }
  return result;
}
