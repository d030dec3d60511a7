import type { TypeLocation } from '../memoryFile';
import type { IndexEntry, MemoryIndex } from '../memoryIndex';
import type { MemoryStore } from '../memoryStore';
import type { TypeSet } from '../memoryTypes';
import { ProblemCode, type Problem, type ProblemFix } from '../problems';
import { INDEX_FILE_NAME, isMemoryPath } from '../rootPath';
import type { RootPath } from '../types';
import { IndexText } from './indexText';
import { makeProblem } from './makeProblem';
import { memoryStub } from './memoryStub';

/** What the index rules need besides MEMORY.md and the store. */
export interface IndexRuleOptions {
  readonly typeSet: TypeSet;
  /** Where new memory files keep their type: the root's majority shape. */
  readonly stubShape: TypeLocation;
}

/**
 * The rules on MEMORY.md's lines: entries to files the root does not hold, the same file listed twice,
 * and list items that meant to be entries. Entries to URLs, to paths outside the root or to files that
 * are not memories (`.png`, `.txt`) are not checked: the store holds only memories, so it cannot tell
 * whether they exist.
 */
export function checkIndexEntries(index: MemoryIndex, store: MemoryStore, options: IndexRuleOptions): Problem[] {
  const text = new IndexText(index);
  const problems: Problem[] = [];
  const firstByTarget = new Map<RootPath, IndexEntry>();
  for (const line of index.lines) {
    if (line.kind === 'malformed') {
      problems.push(makeProblem(ProblemCode.IndexMalformedLine, INDEX_FILE_NAME, text.lineRange(line.line), 'Not an index entry: entries are one line, "- [Title](file.md) — hook".'));
      continue;
    }
    if (line.kind !== 'entry' || line.target === undefined) continue;
    const entry = line;
    const target = line.target;
    if (isMemoryPath(target) && !store.get(target)) {
      problems.push(makeProblem(ProblemCode.IndexMissingFile, INDEX_FILE_NAME, entry.hrefRange, `${target} does not exist: this entry points at no memory.`, undefined, [
        removeLineFix(text, entry, 'Remove this entry', true),
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
      INDEX_FILE_NAME,
      text.lineRange(entry.line),
      `${target} is already listed on line ${first.line + 1}.`,
      [{ path: INDEX_FILE_NAME, range: text.lineRange(first.line), message: `First entry for ${target}` }],
      [removeLineFix(text, entry, 'Remove this duplicate entry', true)],
    ));
  }
  return problems;
}

function removeLineFix(text: IndexText, entry: IndexEntry, title: string, preferred: boolean): ProblemFix {
  return { title, preferred, edits: [{ kind: 'edit', path: INDEX_FILE_NAME, edits: [text.removeLine(entry.line)] }] };
}

function createFileFix(entry: IndexEntry, target: RootPath, index: MemoryIndex, options: IndexRuleOptions): ProblemFix {
  const content = memoryStub({ path: target, description: entry.hook ?? (entry.title || undefined) }, options.typeSet, options.stubShape, index.eol);
  return { title: `Create ${target}`, edits: [{ kind: 'create', path: target, content }] };
}
