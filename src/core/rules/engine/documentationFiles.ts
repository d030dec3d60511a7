import { baseName } from '../../rootPath';
import type { RootPath } from '../../types';

/**
 * Which Markdown files of a root are documentation, not memories: `README.md` in any folder, and what
 * the user's `exclude` globs name. No rule checks them and no index entry is asked for them.
 *
 * Globs are root-relative and `/`-separated: `*` and `?` stay within one folder, `**` spans folders,
 * `{a,b}` and `[abc]` work as in VS Code's settings; a glob with no `/` matches a file name in any
 * folder, as in `.gitignore` (`CHANGELOG.md`, `*.draft.md`). Case is ignored, as file systems on macOS
 * and Windows ignore it.
 */
export function documentationMatcher(globs: readonly string[] = []): (path: RootPath) => boolean {
  const patterns = globs.map((glob) => glob.trim()).filter((glob) => glob !== '').map(globToRegExp);
  return (path) => {
    if (baseName(path).toLowerCase() === 'readme.md') return true;
    return patterns.some((pattern) => pattern.test(path));
  };
}

/** A glob as an anchored regular expression; one pass over the glob, and the result never backtracks badly (no nested quantifiers). */
export function globToRegExp(glob: string): RegExp {
  let pattern = glob.replace(/\\/g, '/').replace(/^\.\//, '').replace(/^\/+/, '');
  const anywhere = !pattern.includes('/');
  let source = '';
  let inBraces = 0;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '*') {
      if (pattern[i + 1] === '*') {
        // `**/` is any number of folders, a final `**` anything at all.
        if (pattern[i + 2] === '/') {
          source += '(?:[^/]*/)*';
          i += 2;
        } else {
          source += '.*';
          i += 1;
        }
      } else {
        source += '[^/]*';
      }
    } else if (char === '?') {
      source += '[^/]';
    } else if (char === '{') {
      inBraces++;
      source += '(?:';
    } else if (char === '}' && inBraces > 0) {
      inBraces--;
      source += ')';
    } else if (char === ',' && inBraces > 0) {
      source += '|';
    } else if (char === '[') {
      const close = pattern.indexOf(']', i + 1);
      if (close < 0) {
        source += '\\[';
      } else {
        const body = pattern.slice(i + 1, close).replace(/^!/, '^').replace(/\\/g, '\\\\');
        source += `[${body}]`;
        i = close;
      }
    } else {
      source += char.replace(/[.+^$()|\\\]]/g, '\\$&');
    }
  }
  while (inBraces-- > 0) source += ')';
  pattern = source;
  return new RegExp(`^${anywhere ? '(?:.*/)?' : ''}${pattern}(?:/.*)?$`, 'i');
}
