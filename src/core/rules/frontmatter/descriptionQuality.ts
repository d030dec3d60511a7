import type { MemoryFile } from '../../memoryFile';
import { ProblemCode, type Problem } from '../../problems';
import { plainTermsOf, termsOf } from '../../recall/terms';
import { msg } from '../../text';
import { fieldAnchor } from '../shared/problemAnchors';
import { makeProblem } from '../shared/makeProblem';

/**
 * Words that say a memory exists but not what it holds ("notes", "about data", "메모", "その他"): a
 * description made only of these gives recall nothing to match a task against. Compared after the
 * recall check's own folding (lower case, English plural and verb endings, Korean particles).
 */
export const GENERIC: ReadonlySet<string> = new Set([
  'about', 'note', 'misc', 'miscellaneous', 'stuff', 'info', 'information', 'various', 'todo', 'memo', 'data', 'thing', 'general',
  'other', 'detail', 'summary', 'update', 'log', 'random', 'some', 'memory', 'fact', 'context', 'item', 'topic', 'etc',
  '메모', '정리', '기타', '노트', '정보', '내용', '관련', '사항', '메모리', '참고', '잡다한',
  'メモ', 'まとめ', 'その他', 'ノート', '情報', '内容', '関連', '事項', 'いろいろ', '色々', '参考', 'メモリ',
]);

/** Longer descriptions hold more than one telling word in any of the three languages. */
const SHORT = 40;

/**
 * Whether a present description can do its job, the recall key: a hint, since only a person can write a
 * better one, and only for the plainest cases a reader would agree on. A description that names nothing
 * but the memory's own name ("deploy-process" described as "Deploy process"), or holds at most one
 * word that says anything (or only generic ones), tells Claude Code nothing about when to recall it.
 * Length is left to `index-entry-long` where descriptions are index lines.
 */
export function checkDescriptionQuality(memory: MemoryFile): Problem[] {
  const description = memory.description?.trim();
  if (!description) return [];
  // A description longer than a few words and than twice the name says more than either case: no
  // segmenting (the costly part) for the many that plainly do.
  if (description.length > Math.max(SHORT, 2 * (memory.name?.length ?? 0))) return [];
  if (plainlyTelling(description, memory.name ?? '')) return [];
  const terms = termsOf(description).filter((term) => term.kind === 'exact').map((term) => term.term);
  if (terms.length === 0) return [];
  const range = fieldAnchor(memory, 'description');
  if (repeatsName(terms, memory.name ?? '')) {
    return [makeProblem(ProblemCode.DescriptionVague, memory.path, range, msg('The description only repeats the name "{0}": recall decides from the description when a memory matters, so say what it holds and when it applies.', memory.name ?? ''))];
  }
  // A number or a date is telling ("releases on 2026-03-02"); generic words are not.
  const telling = terms.filter((term) => !GENERIC.has(term));
  if (telling.length <= 1 && !(telling.length === 1 && isLongCjk(telling[0]))) {
    return [makeProblem(ProblemCode.DescriptionVague, memory.path, range, msg('The description "{0}" is too vague to be recalled: say what this memory holds and when it applies.', description))];
  }
  return [];
}

/**
 * Whether the words any segmenter reads alike already show the description is not vague: two telling
 * words, one of them not in the name (a term that is no part of the name's text is none of its terms).
 * Most descriptions are settled here, without segmenting them and the name.
 */
function plainlyTelling(description: string, name: string): boolean {
  const telling = new Set(plainTermsOf(description).filter((term) => !GENERIC.has(term)));
  if (telling.size < 2) return false;
  const nameText = foldedText(name);
  for (const term of telling) if (!nameText.includes(term)) return true;
  return false;
}

/**
 * Whether every one of `terms` is one of the name's own: a term that is no part of the name's text is
 * none of its terms (each is a word of that text or the word's start), so the name is segmented only
 * when each term is part of it.
 */
function repeatsName(terms: readonly string[], name: string): boolean {
  const nameText = foldedText(name);
  if (!terms.every((term) => nameText.includes(term))) return false;
  const nameTerms = new Set(termsOf(name).filter((term) => term.kind === 'exact').map((term) => term.term));
  return nameTerms.size > 0 && terms.every((term) => nameTerms.has(term));
}

/** A text as the recall check reads it before segmenting: joiners as spaces, NFKC, lower case. */
function foldedText(text: string): string {
  return text.replace(/[-_/]+/g, ' ').normalize('NFKC').toLowerCase();
}

/** A Japanese or Korean run the segmenter left whole (no dictionary split it) can be a phrase: not judged by word count. */
function isLongCjk(term: string): boolean {
  return /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7a3]/.test(term) && [...term].length >= 6;
}
