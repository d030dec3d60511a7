import { setFieldEdit } from '../../edits/frontmatterEdits';
import type { MemoryFile } from '../../memoryFile';
import { ProblemCode, titleOf, type Problem } from '../../problems';
import { msg } from '../../text';
import { factSwap, tokenize, type FactSwap } from '../shared/factSwap';
import { makeProblem } from '../shared/makeProblem';
import { fieldAnchor } from '../shared/problemAnchors';

/** A description longer than this is no short statement of facts. */
const MAX_DESCRIPTION = 300;
/** How much of the body is read: where a memory's fact is restated, it is near the top. */
const BODY_SAMPLE = 4000;

/**
 * `description-body-mismatch`, a fact kept: the body restates the description word for word but for
 * one fact, a name, number, date, weekday or negation (`결제 API 담당은 박지훈` over a body that now
 * says `결제 API 담당은 김하늘`), and the old value is nowhere else in the body. The description, and
 * the MEMORY.md line written from it, still say the old fact, and they are what Claude Code loads and
 * recalls by. One memory's own text only: cheap at 20,000 memories, no comparison between memories.
 * The fix puts the body's fact in the description; it is offered to a person, never applied alone.
 */
export function checkDescriptionFacts(memory: MemoryFile): Problem | undefined {
  const description = memory.description?.trim();
  if (!description || description.length > MAX_DESCRIPTION) return undefined;
  const body = proseOf(memory.text.slice(memory.frontmatter.bodyStart, memory.frontmatter.bodyStart + BODY_SAMPLE));
  if (body.trim() === '') return undefined;
  const sentences = body.split(/\r\n|\n|\r|[.!?](?=\s|$)|[。！？;；]/u).map(tokenize).filter((tokens) => tokens.length > 0);
  const bodyKeys = new Set(sentences.flat().map((token) => token.key));
  const normalBody = body.normalize('NFKC').toLowerCase();
  for (const part of description.split(/[.!?](?=\s|$)|[。！？;；]|\s[—–]\s/u)) {
    const statement = tokenize(part);
    const keys = new Set(statement.map((token) => token.key));
    const content = statement.filter((token) => token.cls !== 'other').length;
    if (content < 2) continue;
    for (const sentence of sentences) {
      // Most of the statement's words are in the sentence, or it cannot be the same statement.
      let shared = 0;
      for (const token of new Set(sentence.map((t) => t.key))) if (keys.has(token)) shared++;
      if (shared < Math.max(1, Math.min(content - 1, Math.ceil(content * 0.6)))) continue;
      const swap = factSwap(statement, sentence);
      if (!swap || !stale(swap, keys, bodyKeys, normalBody)) continue;
      return problemFor(memory, swap);
    }
  }
  return undefined;
}

/** Code is not prose: fenced blocks are left out (an example in a fence is no restatement). */
function proseOf(body: string): string {
  let fenced = false;
  return body.split(/\r\n|\n|\r/).map((line) => {
    if (/^\s*(```|~~~)/u.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line;
  }).join('\n');
}

/**
 * Whether the swap means the description is behind: the old value is nowhere in the body (a body that
 * still names it may be saying both, "Dana on weekdays, Priya on weekends"), and the new one is not in
 * the description. A negation is judged by the restated sentence alone.
 */
function stale(swap: FactSwap, statementKeys: ReadonlySet<string>, bodyKeys: ReadonlySet<string>, normalBody: string): boolean {
  if (swap.kind === 'negation') return true;
  const [old] = tokenize(swap.old);
  const [now] = tokenize(swap.now);
  if (!old || !now || statementKeys.has(now.key)) return false;
  return !bodyKeys.has(old.key) && !normalBody.includes(swap.old.normalize('NFKC').toLowerCase());
}

function problemFor(memory: MemoryFile, swap: FactSwap): Problem {
  const description = memory.description ?? '';
  const at = description.indexOf(swap.old);
  const once = at >= 0 && description.indexOf(swap.old, at + swap.old.length) < 0;
  const edit = once ? setFieldEdit(memory, 'description', description.slice(0, at) + swap.now + description.slice(at + swap.old.length)) : undefined;
  const fix = edit ? { ...titleOf(msg('Say "{0}" in the description, as the body does', swap.now)), edits: [{ kind: 'edit' as const, path: memory.path, edits: [edit] }] } : undefined;
  return makeProblem(
    ProblemCode.DescriptionBodyMismatch,
    memory.path,
    fieldAnchor(memory, 'description'),
    msg('The description still says "{0}" where the body now says "{1}": Claude Code recalls the memory by its description and loads its MEMORY.md line, so both are behind the body. Update them (or the body, if it is the one that is wrong).', swap.old, swap.now),
    undefined,
    [fix],
  );
}
