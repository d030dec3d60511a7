import type { MemoryFile } from '../../memoryFile';
import { renumberedTopic, type MemoryStore } from '../../memoryStore';
import { ProblemCode, titleOf, type Problem, type ProblemFix } from '../../problems';
import { foldName } from '../../rootPath';
import { msg } from '../../text';
import type { MemoryLink } from '../../wikiLinks';
import { LineIndex } from '../../lineIndex';
import { memoryAnchor } from '../shared/problemAnchors';
import { makeProblem, relatedAt } from '../shared/makeProblem';

/**
 * `link-dangling` and `link-ambiguous` for each `[[link]]` of a memory. A dangling link is a
 * reservation, a deliberate TODO, and says so; an ambiguous one lists its candidates. A dangling link
 * that one memory answers to once Claude Code's `<type>_` prefix is dropped from its file name or name
 * (`[[no-fabrication]]`, with `feedback_no-fabrication.md` named otherwise) is not a reservation but a
 * slip: the problem names that memory and offers to relink to it.
 */
export function checkLinks(memory: MemoryFile, store: MemoryStore): Problem[] {
  const problems: Problem[] = [];
  let lines: LineIndex | undefined;
  for (const link of memory.links) {
    const resolution = store.resolveLink(link.target);
    if (resolution.status === 'dangling') {
      if (namesNoMemory(link)) continue;
      lines ??= new LineIndex(memory.text);
      if (isQuoted(memory.text, lines, link)) continue;
      problems.push(danglingProblem(memory, link, store));
    } else if (resolution.status === 'ambiguous') {
      const candidates = resolution.targets;
      const related = candidates.map((candidate) => relatedAt(candidate.path, memoryAnchor(candidate), msg('Candidate for [[{0}]]', link.target)));
      problems.push(makeProblem(
        ProblemCode.LinkAmbiguous,
        memory.path,
        link.range,
        msg('[[{0}]] matches {1} memories: {2}.', link.target, candidates.length, candidates.map((candidate) => candidate.path).join(', ')),
        related,
      ));
    }
  }
  return problems;
}

function danglingProblem(memory: MemoryFile, link: MemoryLink, store: MemoryStore): Problem {
  const meant = probableTarget(link.target, store);
  if (!meant) {
    return makeProblem(ProblemCode.LinkDangling, memory.path, link.range, msg('Reservation: no memory is named "{0}" yet. A TODO to write it, not an error.', link.target));
  }
  const { candidate, newTarget } = meant;
  const fix: ProblemFix = {
    ...titleOf(msg('Link to {0} instead', newTarget)),
    preferred: true,
    edits: [{ kind: 'edit', path: memory.path, edits: [{ range: link.targetRange, newText: newTarget }] }],
  };
  return makeProblem(
    ProblemCode.LinkDangling,
    memory.path,
    link.range,
    msg('No memory is named "{0}", but {1} is probably the one meant: link to "{2}".', link.target, candidate.path, newTarget),
    [relatedAt(candidate.path, memoryAnchor(candidate), msg('Probably meant by [[{0}]]', link.target))],
    [fix],
  );
}

/**
 * The one memory whose stem or name, without its first word, is the link's target, and what to write
 * in the link: its name where that is one plain word or slug, else its stem. Chosen from the memory
 * alone, so the answer changes only when a memory with that topic comes, goes or is renamed.
 */
export function probableTarget(target: string, store: MemoryStore): { candidate: MemoryFile; newTarget: string } | undefined {
  let candidates = store.withTopicKey(foldName(target));
  // `[[05-testing]]` left behind when the files were renumbered: the one numbered file of that topic (issue #39).
  const renumbered = candidates.length === 0 ? renumberedTopic(foldName(target)) : undefined;
  if (renumbered !== undefined) candidates = store.withTopicKey(renumbered).filter((candidate) => /^\d{1,4}[-_]/.test(candidate.stem));
  if (candidates.length !== 1) return undefined;
  const candidate = candidates[0];
  const name = candidate.name;
  const newTarget = name !== undefined && /^[\p{L}\p{N}]+(?:[-_][\p{L}\p{N}]+)*$/u.test(name) ? name : candidate.stem;
  return { candidate, newTarget };
}

/**
 * A target that is a file of another kind (`![[architecture.png]]`, Obsidian's embed of an image or a
 * PDF) or the index itself (`[[MEMORY]]`) is no reservation: no memory will ever be written for it. Round-2 probe, issue #23. Decided by
 * the target alone, so the finding never depends on which memories exist (the engine re-runs link
 * rules only for targets that fold to a memory's name or stem).
 */
const OTHER_FILE = /\.(?:png|jpe?g|gif|svg|webp|bmp|pdf|excalidraw|canvas|mp4|mov|mp3|wav|csv|xlsx?|docx?|pptx?)$/i;

function namesNoMemory(link: MemoryLink): boolean {
  return OTHER_FILE.test(link.target) || INDEX_TARGET.test(link.target);
}

/** `[[MEMORY]]` names the index, which is there whenever a memory links to it by that name. */
const INDEX_TARGET = /^memory(?:\.md)?$/i;

/**
 * Whether the link stands inside a quotation on its line: `Template: "Related: [[topic-name]]"`,
 * `「関連: [[トピック名]]」`. A quoted `[[...]]` shows how to write a link, as a code span does, and
 * reserves nothing (round-2 probe, issue #23: 3 of 3 quoted templates, en/ko/ja, were reported).
 */
function isQuoted(text: string, lines: LineIndex, link: MemoryLink): boolean {
  const { start, end } = link.range;
  const lineStart = lines.startOf(start.line);
  const lineEnd = start.line + 1 < lines.lineCount ? lines.startOf(start.line + 1) : text.length;
  // A quotation is a sentence long: the reach is bounded so a line of many links costs each its reach.
  const before = text.slice(lineStart + Math.max(0, start.character - QUOTE_REACH), lineStart + start.character);
  const after = text.slice(lineStart + end.character, Math.min(lineEnd, lineStart + end.character + QUOTE_REACH));
  if (count(before, '"') % 2 === 1 && after.includes('"')) return true;
  return QUOTES.some(([open, close]) => before.lastIndexOf(open) > before.lastIndexOf(close) && after.includes(close));
}

const QUOTE_REACH = 200;
const QUOTES: readonly (readonly [string, string])[] = [['“', '”'], ['「', '」'], ['『', '』']];

function count(text: string, char: string): number {
  let n = 0;
  for (let i = text.indexOf(char); i >= 0; i = text.indexOf(char, i + 1)) n++;
  return n;
}
