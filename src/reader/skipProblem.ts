import { messageOf, msg, ProblemCode, DEFAULT_SEVERITIES, type Problem, type RootPath, type Text } from '../core';
import type { SkipReason } from './skipReason';

const START = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** The `file-unreadable` finding for a skipped entry, at the start of the file. */
export function makeSkipProblem(path: RootPath, reason: SkipReason): Problem {
  const code = ProblemCode.FileUnreadable;
  return { code, severity: DEFAULT_SEVERITIES[code], path, range: START, ...messageOf(skipMessage(reason)) };
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
