import type { TypeLocation } from '../../memoryFile';
import type { IndexEntry, MemoryIndex } from '../../memoryIndex';
import type { MemoryStore } from '../../memoryStore';
import type { TypeSet } from '../../memoryTypes';
import { ProblemCode, titleOf, type Problem, type ProblemFix } from '../../problems';
import { INDEX_FILE_NAME, isMemoryPath } from '../../rootPath';
import { msg, type Text } from '../../text';
import type { RootPath } from '../../types';
import { IndexText } from '../../indexText';
import { makeProblem, relatedAt } from '../shared/makeProblem';
import { memoryStub } from '../../edits/memoryStub';
import type { MemoryLanguage } from '../../conventions';

/** What the index rules need besides MEMORY.md and the store. */
export interface IndexRuleOptions {
  readonly typeSet: TypeSet;
  /** Where new memory files keep their type: the root's majority shape. */
  readonly stubShape: TypeLocation;
  /** The language new memory files write their headings in: the root's majority language. */
  readonly stubLanguage?: MemoryLanguage;
}

/**
 * The rules on MEMORY.md's lines: entries to files the root does not hold, the same file listed twice,
 * and list items that meant to be entries. Entries to URLs, to paths outside the root or to files that
 * are not memories (`.png`, `.txt`) are not checked: the store holds only memories, so it cannot tell
 * whether they exist.
 */
export function checkIndexEntries(index: MemoryIndex, store: MemoryStore, options: IndexRuleOptions, indexPath: RootPath = INDEX_FILE_NAME): Problem[] {
  const text = new IndexText(index);
  const problems: Problem[] = [];
  const firstByTarget = new Map<RootPath, IndexEntry>();
  let namingLines: Set<number> | undefined;
  for (const line of index.lines) {
    if (line.kind === 'malformed') {
      if ((PATH_ENTRY.test(line.text) || isPointer(line.text)) && (namingLines ??= linesNamingMemories(index, store)).has(line.line)) continue;
      problems.push(makeProblem(ProblemCode.IndexMalformedLine, indexPath, text.lineRange(line.line), msg('Not an index entry: entries are one line, "- [Title](file.md) — hook".')));
      continue;
    }
    if (line.kind !== 'entry' || line.target === undefined) continue;
    const entry = line;
    const target = line.target;
    if (isMemoryPath(target) && !store.get(target)) {
      problems.push(makeProblem(ProblemCode.IndexMissingFile, indexPath, entry.hrefRange, msg('{0} does not exist: this entry points at no memory.', target), undefined, [
        removeLineFix(text, entry, msg('Remove this entry'), true, indexPath),
        createFileFix(entry, target, index, options),
      ]));
    }
    const first = firstByTarget.get(target);
    if (!first) {
      firstByTarget.set(target, entry);
      continue;
    }
    problems.push(makeProblem(
      ProblemCode.IndexDuplicateEntry,
      indexPath,
      text.lineRange(entry.line),
      msg('{0} is already listed on line {1}.', target, first.line + 1),
      [relatedAt(indexPath, text.lineRange(first.line), msg('First entry for {0}', target))],
      [removeLineFix(text, entry, msg('Remove this duplicate entry'), true, indexPath)],
    ));
  }
  return problems;
}

/**
 * A bullet that names a memory by its path first and then says what it holds ("- feedback_testing.md —
 * tests hit a real DB", "- `project_api.md`: endpoints"): a deliberate one-line entry, which Claude Code
 * reads as well as a link and which already lists the memory. Round-2 probe, issue #23: 3 of 3 such
 * indexes (en, ja) had every entry reported malformed; the judgment counts one-line entries as fp.
 */
const PATH_ENTRY = /^\s*(?:[-*+]|\d{1,3}[.)])\s+(?:\*\*|__|`)?[^\s`*[\]()]+\.md(?:\*\*|__|`)?\s*(?:—|–|-{1,2}|:|：)\s*\S/;

/**
 * A short bullet sending the reader to a memory by its path: "- See `project_x.md` for the details",
 * "- Vedere `project_x.md` per dettagli completi", "- 자세한 내용은 `x.md` 참고", "- 詳細は `x.md` を参照".
 * Navigation, as the judgment counts it (seen reported on a public folder written in Italian).
 */
const POINTER_WORD = /(?:^|[\s*_(])(?:see|refer\s+to|details?\s+in|vedi|vedere|voir|siehe|ver|véase|veja)\s|자세한|자세히|상세|참고|참조|詳細|詳しく|参照/i;
const MAX_POINTER_LENGTH = 120;

function isPointer(text: string): boolean {
  return text.length <= MAX_POINTER_LENGTH && /^\s*(?:[-*+]|\d{1,3}[.)])\s/.test(text) && POINTER_WORD.test(text);
}

/** The lines of MEMORY.md naming a memory of the root by its path (outside a link). */
function linesNamingMemories(index: MemoryIndex, store: MemoryStore): Set<number> {
  const lines = new Set<number>();
  for (const link of index.links) if (link.mention && link.target !== undefined && store.get(link.target)) lines.add(link.line);
  return lines;
}

function removeLineFix(text: IndexText, entry: IndexEntry, title: Text, preferred: boolean, indexPath: RootPath): ProblemFix {
  return { ...titleOf(title), preferred, edits: [{ kind: 'edit', path: indexPath, edits: [text.removeLine(entry.line)] }] };
}

function createFileFix(entry: IndexEntry, target: RootPath, index: MemoryIndex, options: IndexRuleOptions): ProblemFix {
  const content = memoryStub({ path: target, description: entry.hook ?? (entry.title || undefined) }, options.typeSet, { typeLocation: options.stubShape, eol: index.eol, language: options.stubLanguage });
  return { ...titleOf(msg('Create {0}', target)), edits: [{ kind: 'create', path: target, content }] };
}
