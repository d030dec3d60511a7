import { messageOf, msg, ProblemCode, DEFAULT_SEVERITIES, INDEX_FILE_NAME, type MemoryStore, type Problem, type RootPath, type Text } from '../core';
import type { SkippedEntry } from './rootReader';
import { hidesMemory, type SkipReason } from './skipReason';

const START = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** The `file-unreadable` finding for a skipped entry, at the start of the file. */
export function makeSkipProblem(path: RootPath, reason: SkipReason): Problem {
  const code = ProblemCode.FileUnreadable;
  return { code, severity: DEFAULT_SEVERITIES[code], path, range: START, ...messageOf(skipMessage(reason)) };
}

/**
 * The engine's problems with what the reader skipped: a `file-unreadable` finding per skipped memory,
 * and no "does not exist" for an index entry whose file is there but could not be read (the store,
 * holding only what was read, cannot tell the two apart).
 */
export function withSkipProblems(problems: Iterable<Problem>, store: MemoryStore, skipped: readonly SkippedEntry[]): Problem[] {
  const unreadable = new Set(skipped.filter((skip) => hidesMemory(skip.reason)).map((skip) => skip.path));
  const present = new Set<string>();
  for (const line of store.index?.lines ?? []) {
    if (line.kind === 'entry' && line.target !== undefined && unreadable.has(line.target)) present.add(rangeKey(line.hrefRange));
  }
  const kept = [...problems].filter((problem) => !(problem.code === ProblemCode.IndexMissingFile && problem.path === INDEX_FILE_NAME && present.has(rangeKey(problem.range))));
  for (const skip of skipped) if (hidesMemory(skip.reason)) kept.push(makeSkipProblem(skip.path, skip.reason));
  return kept;
}

/**
 * The problems of one file: the engine's, with the reader's refusals merged in when they concern it
 * (the file was skipped, or it is MEMORY.md, whose entries to unreadable files are not "missing").
 */
export function problemsOfPath(problems: readonly Problem[], store: MemoryStore, skipped: readonly SkippedEntry[], path: RootPath): readonly Problem[] {
  const concerned = skipped.length > 0 && (path === INDEX_FILE_NAME || skipped.some((skip) => skip.path === path));
  return concerned ? withSkipProblems(problems, store, skipped).filter((problem) => problem.path === path) : problems;
}

function rangeKey(range: Problem['range']): string {
  return `${range.start.line}:${range.start.character}:${range.end.line}:${range.end.character}`;
}

/** The sentence for a skip; the same one the CLI prints and the extension translates. */
export function skipMessage(reason: SkipReason): Text {
  switch (reason.kind) {
    case 'too-large':
      return msg('Not read: {0} bytes is too large for a memory (the limit is {1} bytes).', reason.size, reason.limit);
    case 'index-prefix':
      return msg('Only the first {1} of its {0} bytes were read and checked; the file is too large to be fixed.', reason.size, reason.limit);
    case 'binary':
      return msg('Not read: this is a binary file, not Markdown text.');
    case 'utf16':
      return msg('Not read: the file is UTF-16 text; memories are read as UTF-8. Save it as UTF-8.');
    case 'invalid-utf8':
      return msg('Not read: the file is not valid UTF-8 text.');
    case 'not-regular':
      return msg('Not read: not a regular file (a FIFO, a device or a socket).');
    case 'link-outside-root':
      return msg('Not read: a symbolic link to a file outside the memory folder.');
    case 'link-broken':
      return msg('Not read: a symbolic link to nothing.');
    case 'link-not-regular':
      return msg('Not read: a symbolic link to something that is not a regular file (a FIFO, a device or a socket).');
    case 'link-unverifiable':
      return msg('Not read: a symbolic link whose target cannot be checked here.');
    case 'link-folder':
      return msg('Not followed: a symbolic link to a folder.');
    case 'index-folder':
      return msg('Not read: MEMORY.md is a folder, not a file, so the memory folder has no index.');
    case 'name-not-utf8':
      return msg('Not read: its name is not valid UTF-8, so it cannot be opened here. Rename it.');
    case 'vanished':
      return msg('Not read: the file was deleted while the folder was being read.');
    case 'changing':
      return msg('Not read: the file kept changing while it was being read.');
    case 'unreadable':
      return msg('Not read: the file cannot be opened ({0}).', reason.code);
    case 'folder-unreadable':
      return msg('Not read: the folder cannot be listed ({0}).', reason.code);
  }
}
