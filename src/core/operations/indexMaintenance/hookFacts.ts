/**
 * The facts a hook must keep from its description, whatever else it leaves out: the names, numbers,
 * weekdays and negations in it. Counting shared words misses one changed fact among many kept words
 * ("Dana owns the payments API" against "Priya owns the payments API").
 */
export interface HookFacts {
  /** Numbers, each digit run on its own without leading zeros (`09:00` -> 9, 0; `2026-12-07` -> 2026, 12, 7). */
  readonly numbers: ReadonlySet<string>;
  /** Latin words that name something: capitalized or with capitals inside (`Priya`, `GitHub`), lower-cased. */
  readonly names: ReadonlySet<string>;
  /** Every Latin word, lower-cased: where a name of the hook is looked for. */
  readonly latinWords: ReadonlySet<string>;
  /** Katakana words (names and loanwords in Japanese: `プリヤ`). */
  readonly katakana: readonly string[];
  /** Korean and Japanese weekdays (`목요일`, `木曜`); English ones are names. */
  readonly weekdays: ReadonlySet<string>;
  readonly negated: boolean;
  /** Sentences or clauses, split at `.`, `;`, `。`, `!`, `?`, commas, dashes and brackets. */
  readonly clauses: number;
}

// Words that start English sentences without naming anything; only a sentence's first word can be one of them.
const SENTENCE_STARTS = new Set([
  'a', 'an', 'the', 'no', 'not', 'never', 'always', 'do', 'don\'t', 'use', 'ask', 'keep', 'prefer', 'avoid', 'write', 'run',
  'put', 'when', 'if', 'for', 'in', 'on', 'at', 'after', 'before', 'every', 'each', 'all', 'only', 'this', 'that', 'these',
  'it', 'we', 'i', 'you', 'they', 'our', 'my', 'check', 'send', 'add', 'make', 'set', 'see', 'read', 'follow', 'from', 'to',
]);
const NEGATION = /\b(?:not|no|never|cannot|without|none)\b|n't\b|않|못하|못 |없|말고|말라|금지|아니|ない|ません|禁止|なし|無し/iu;

export function hookFacts(text: string): HookFacts {
  const normal = text.normalize('NFKC');
    // Digits inside a word (`win32`, `v13`, `Q1`) name a thing rather than count it.
  const numbers = new Set([...normal.matchAll(/(?<![\p{L}\p{N}])\d+/gu)].map(([digits]) => String(Number(digits))));
  const names = new Set<string>();
  const latinWords = new Set<string>();
  for (const clause of normal.split(/[.;。!?！？]+\s*/u)) {
    // A possessive is the name it belongs to: "Innovation's" is Innovation.
    const words = [...clause.matchAll(/[\p{Script=Latin}][\p{Script=Latin}\p{N}'’]*/gu)].map(([word]) => word.replace(/['’]s$/u, ''));
    for (const [i, word] of words.entries()) {
      const lower = word.toLowerCase();
      latinWords.add(lower);
      // Single letters and all-capital words (`A`, `MVP`, `DONE`) are labels and emphasis more than names.
      if (word === lower || [...word].length < 2 || word === word.toUpperCase()) continue;
      // The first word of a clause is capitalized anyway: a name only when it is no common sentence start.
      if (i === 0 && clause.trimStart().startsWith(word) && SENTENCE_STARTS.has(lower)) continue;
      names.add(lower);
    }
  }
  const katakana = [...normal.matchAll(/[\p{Script=Katakana}ー]{2,}/gu)].map(([word]) => word);
  const weekdays = new Set([...normal.matchAll(/[월화수목금토일]요일|[月火水木金土日]曜/gu)].map(([day]) => day));
  // A dash, comma or bracket also sets a clause apart: "X — never Y" may say more than the hook left out.
  const clauses = normal.split(/[.;。!?！？,、—–(（]+/u).filter((part) => /[\p{L}\p{N}]/u.test(part)).length;
  return { numbers, names, latinWords, katakana, weekdays, negated: NEGATION.test(normal), clauses };
}
