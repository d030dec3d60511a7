import { writeSignature } from './minHash';
import type { MemoryFile } from '../../memoryFile';

/** What a memory says, for comparing facts: its description and its body's content. */
export interface FactText {
  readonly description: string;
  readonly body: string;
}

const HEADING_LINE = /^ {0,3}#{1,6}(?:[ \t][^\r\n]*)?$/gm;

/**
 * The labels of Claude Code's memory scaffolding (`**Why:**`, `**How to apply:**`) and their usual
 * Korean and Japanese forms, bold or plain at the start of a line: every feedback memory carries them,
 * so they say nothing about which fact it is.
 */
const SCAFFOLD_LABEL =
  /^([ \t]*(?:[-*+][ \t]+)?)(?:\*\*|__)?(?:why|how to apply|reason|이유|왜|적용(?: 방법)?|적용법|理由|なぜ|適用(?:方法)?|使い方)[ \t]*[:：](?:\*\*|__)?[ \t]*(?:\*\*|__)?/gim;

/**
 * A template's footer or header (issue #39: the same labelled lines on every file of a folder, saying where
 * the canonical rule lives or to refresh the file from its sources): the block after a memory's last
 * thematic break when it is short, and lines led by a label about the file rather than the fact. What
 * every memory of a folder repeats says nothing about which fact each holds. "See also:" and "Related:"
 * lines stay: their links are each memory's own.
 */
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/gm;
const MAX_FOOTER = 600;
const META_LABEL =
  /^[ \t]*(?:[-*+>][ \t]+)?(?:\*\*|__)?(?:sources?(?: of truth)?|canonical(?: rule| source| version| copy)?|refresh(?:ed)?|last (?:verified|reviewed|updated|checked)|출처|원본|정본|최종 (?:확인|검토|갱신)|参照|出典|正本|最終(?:確認|更新))[ \t]*(?:\*\*|__)?[ \t]*[:：][^\r\n]*$/gim;

function withoutTemplate(body: string): string {
  let lastBreak = -1;
  THEMATIC_BREAK.lastIndex = 0;
  for (let match = THEMATIC_BREAK.exec(body); match; match = THEMATIC_BREAK.exec(body)) lastBreak = match.index;
  if (lastBreak > 0 && body.length - lastBreak <= MAX_FOOTER && /\S/.test(body.slice(0, lastBreak))) body = body.slice(0, lastBreak);
  return /[:：]/.test(body) ? body.replace(META_LABEL, '') : body;
}

/**
 * The fact in `memory`: the description, and the body without what every memory of a template shares
 * (headings, which in memories are mostly a template's `## Why`, and the scaffolding labels). The name
 * and other keys are left out, since duplicates are usually saved under different names and every
 * file shares the keys.
 */
export function factText(memory: MemoryFile): FactText {
  let body = memory.text.slice(memory.frontmatter.bodyStart);
  if (body.includes('#')) body = body.replace(HEADING_LINE, '');
  body = withoutTemplate(body.replace(SCAFFOLD_LABEL, '$1'));
  return { description: memory.description ?? '', body };
}

/**
 * Writes the MinHash signature of the text whose shingles are compared, the description first, then
 * the body (see `writeSignature`), and returns its number of shingles.
 */
export function writeFactSignature(fact: FactText | string, target: Int32Array, offset: number): number {
  if (typeof fact === 'string') return writeSignature(fact, target, offset);
  return fact.description === '' ? writeSignature(fact.body, target, offset) : writeSignature(fact.description, target, offset, fact.body);
}

/** The text whose passages are compared: the body alone, since a newer memory that takes in an older one describes itself anew. */
export function passageText(fact: FactText | string): string {
  return typeof fact === 'string' ? fact : fact.body;
}
