import type { MemoryFile } from '../../memoryFile';
import { forEachContentWord } from '../../recall/terms';
import { GENERIC } from '../frontmatter/descriptionQuality';

/**
 * The words of a description that can tell memories apart, each once, in order: content words as the
 * recall check folds them, the generic ones ("notes", 정보, 情報) left out.
 */
export function descriptionTerms(description: string): string[] {
  const terms: string[] = [];
  // contentWords' terms, without a word object each: 20,000 descriptions are read at every check.
  forEachContentWord(description.normalize('NFKC'), (term) => {
    if (!GENERIC.has(term) && !terms.includes(term)) terms.push(term);
  });
  return terms;
}

/** The type prefix of a Claude Code file name (`feedback_`), which says nothing of the topic. */
const TYPE_WORDS = new Set(['user', 'feedback', 'project', 'reference']);

/**
 * What Claude Code's selector reads of a memory to decide whether to recall it: the description's
 * words (`description`, when the caller has them already), the name's and the file name's (without
 * its type prefix).
 */
export function recallKey(memory: MemoryFile, description: readonly string[] = descriptionTerms(memory.description ?? '')): string[] {
  const key = [...description];
  forEachContentWord(`${memory.name ?? ''} ${memory.stem}`.normalize('NFKC'), (term) => {
    if (!TYPE_WORDS.has(term) && !key.includes(term)) key.push(term);
  });
  return key;
}

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7a3]/;

/**
 * Whether a word is one of `terms`, matched as `sameWord` (recall/terms) matches them, built once per memory:
 * a body's every word is asked, and most are Latin words an exact look-up answers.
 */
export function wordMatcher(terms: readonly string[]): (term: string) => boolean {
  const exact = new Set<string>();
  // The Korean and Japanese terms a word may hold or be held by: sameWord of one with a word that is
  // none of the exact terms. A dotted term matches only by its parts, which are exact terms already.
  const containing: string[] = [];
  for (const term of terms) {
    exact.add(term);
    if (term.includes('.')) for (const part of term.split('.')) exact.add(part);
    else if (term.length >= 2 && CJK.test(term)) containing.push(term);
  }
  return (term) => {
    if (exact.has(term)) return true;
    if (term.includes('.')) return term.split('.').some((part) => exact.has(part));
    if (containing.length === 0 || term.length < 2 || !CJK.test(term)) return false;
    return containing.some((other) => (other.length > term.length ? other.includes(term) : term.includes(other)));
  };
}

/** Whether `term` is one of `terms`, matched as the recall check's words are (`sameWord` (recall/terms)). */
export function includesWord(terms: readonly string[], term: string): boolean {
  return wordMatcher(terms)(term);
}
