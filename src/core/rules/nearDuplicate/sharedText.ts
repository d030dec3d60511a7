import { looksGenerated } from '../secret/credentialShape';
import { findSecrets } from '../secret/secretRule';
import { passageWithKey } from './passages';

/** What a message quotes of two near-duplicates, kept to about a line. */
const MAX_QUOTE = 60;

/** The passage of `text` hashed `key`, as a message quotes it: shortened, without list marker, emphasis or code quotes. */
export function quotedPassage(text: string, key: number): string | undefined {
  const passage = passageWithKey(text, key);
  return passage === undefined ? undefined : shorten(plain(withoutSecrets(passage)));
}

/** How a quoted secret is shown: its first four characters, as the secret rule itself allows, and no more. */
const SHOWN_OF_SECRET = 4;

/**
 * `text` with every credential the secret rule finds in it cut to its first four characters, and so is
 * any machine-generated run of 16 characters or more the rule cannot place without its context (a value
 * under a heading naming a key): a message quoting two near-duplicates must not repeat what either holds.
 */
export function withoutSecrets(text: string): string {
  let result = text;
  for (const finding of [...findSecrets(text)].reverse()) {
    result = result.slice(0, finding.start) + cutSecret(result.slice(finding.start, finding.end)) + result.slice(finding.end);
  }
  return result.replace(/[A-Za-z0-9_\-+/=]{16,}/g, (run) => (looksGenerated(run) ? cutSecret(run) : run));
}

function cutSecret(value: string): string {
  return `${value.slice(0, SHOWN_OF_SECRET)}…`;
}

/**
 * The words both descriptions use, in `a`'s order, at most six: Latin words of three letters or more
 * but the commonest, Hangul words without their particle, runs of kanji or katakana. Empty when the
 * descriptions share no such word.
 */
export function sharedDescriptionWords(a: string, b: string): string[] {
  const theirs = new Set(descriptionWords(b));
  const shared: string[] = [];
  for (const word of descriptionWords(a)) {
    if (theirs.has(word) && !shared.includes(word)) shared.push(word);
    if (shared.length === 6) break;
  }
  return shared;
}

/** A word a message must not repeat: a credential, or a generated run of 16 characters or more. */
function isSecretWord(word: string): boolean {
  let secret = secretWords.get(word);
  if (secret === undefined) {
    // Bounded: a root's descriptions share a vocabulary of some thousands of words.
    if (secretWords.size >= MAX_WORDS_KEPT) secretWords.clear();
    secretWords.set(word, (secret = withoutSecrets(word) !== word));
  }
  return secret;
}

/**
 * Each word's answer, kept: every near-duplicate's message reads both descriptions, and the secret
 * rule's gates and patterns run once per word asked (a tenth of the near-duplicate messages' time).
 */
const secretWords = new Map<string, boolean>();
const MAX_WORDS_KEPT = 20_000;

const WORD = /[A-Za-z][A-Za-z0-9+#]*(?:[.-][A-Za-z0-9+#]+)*|\d+(?:[.,:-]\d+)*|[\uac00-\ud7af]+|[\u4e00-\u9fff\u3400-\u4dbf々]+|[\u30a0-\u30ff]+/gu;
const COMMON_WORDS = new Set([
  'the', 'and', 'for', 'not', 'are', 'was', 'were', 'with', 'from', 'that', 'this', 'these', 'those', 'into', 'onto', 'only', 'never',
  'all', 'any', 'its', 'but', 'use', 'via', 'per', 'has', 'have', 'had', 'does', 'don', 'can', 'will', 'should', 'must', 'when',
  'what', 'which', 'who', 'how', 'why', 'than', 'then', 'there', 'their', 'they', 'them', 'our', 'you', 'your', 'out', 'one', 'also',
  'instead', 'because', 'about', 'after', 'before', 'every', 'each', 'always',
]);
/** Korean particles and endings that follow a noun in a description; stripped so 데이터가 and 데이터는 are one word. */
const HANGUL_PARTICLE = /(?:으로|에서|에게|까지|부터|이나|처럼|보다|은|는|이|가|을|를|에|의|로|도|만|과|와|나)$/u;

function descriptionWords(description: string): readonly string[] {
  let words = wordsOfDescription.get(description);
  if (!words) {
    // Bounded, so a root of 20,000 memories does not hold a word list for each.
    if (wordsOfDescription.size >= MAX_DESCRIPTIONS_KEPT) wordsOfDescription.clear();
    wordsOfDescription.set(description, (words = wordsOf(description)));
  }
  return words;
}

/**
 * Each description's words, kept: a memory's near-duplicate message reads its description and its
 * closest twin's, and every edit of one memory of a cluster writes the messages of all of them again.
 */
const wordsOfDescription = new Map<string, readonly string[]>();
const MAX_DESCRIPTIONS_KEPT = 4096;

function wordsOf(description: string): string[] {
  const words: string[] = [];
  for (const [word] of description.matchAll(WORD)) {
    const first = word.charCodeAt(0);
    if (first >= 0xac00 && first <= 0xd7af) {
      const stem = word.length > 2 ? word.replace(HANGUL_PARTICLE, '') : word;
      if (stem.length >= 2) words.push(stem);
    } else if (first >= 0x3000) {
      if (word.length >= 2) words.push(word);
    } else {
      // Tested as written: a key's vendor prefix is upper case (AKIA…).
      if (isSecretWord(word)) continue;
      const lower = word.toLowerCase();
      if ((lower.length >= 3 || /\d/.test(lower)) && !COMMON_WORDS.has(lower)) words.push(lower);
    }
  }
  return words;
}

/** A passage as a message quotes it: no list marker, emphasis or code quotes. */
function plain(text: string): string {
  return text.replace(/^(?:[-*+>]\s+|\d{1,3}[.)]\s+)+/u, '').replace(/\*\*|__|`/g, '').trim();
}

function shorten(text: string): string {
  if (text.length <= MAX_QUOTE) return text;
  const cut = text.slice(0, MAX_QUOTE - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > MAX_QUOTE / 2 ? cut.slice(0, space) : cut}…`;
}
