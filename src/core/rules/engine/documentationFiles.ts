import { baseName } from '../../rootPath';
import type { RootPath } from '../../types';

/**
 * A repository's own documents, named in capitals as repositories name them (`SETUP.md` telling how to
 * copy the folder to another machine): beside memories they are about the folder, not memories. A
 * lower-case `setup.md` may be a legacy topic memory and is left a memory.
 */
const REPOSITORY_DOCS: ReadonlySet<string> = new Set([
  'SETUP.md', 'INSTALL.md', 'INSTALLATION.md', 'CONTRIBUTING.md', 'LICENSE.md', 'SECURITY.md', 'CODE_OF_CONDUCT.md', 'USAGE.md',
  // A folder kept in git may log its own changes (round-2 probe, issue #23): about the folder, like SETUP.md.
  'CHANGELOG.md', 'CHANGES.md',
]);

/**
 * Which Markdown files of a root are documentation, not memories: `README.md` in any folder, the
 * repository documents of {@link REPOSITORY_DOCS}, and what
 * the user's `exclude` globs name. No rule checks them and no index entry is asked for them.
 *
 * Globs are root-relative and `/`-separated: `*` and `?` stay within one folder, `**` spans folders,
 * `{a,b}` and `[abc]` work as in VS Code's settings; a glob with no `/` matches a file name in any
 * folder, as in `.gitignore` (`CHANGELOG.md`, `*.draft.md`). Case is ignored, as file systems on macOS
 * and Windows ignore it.
 */
export function documentationMatcher(globs: readonly string[] = []): (path: RootPath) => boolean {
  const patterns = globs.map((glob) => glob.trim()).filter((glob) => glob !== '').map(globMatcher);
  return (path) => {
    const name = baseName(path);
    if (name.toLowerCase() === 'readme.md' || REPOSITORY_DOCS.has(name)) return true;
    return patterns.some((matches) => matches(path));
  };
}

/** The most brace alternatives one glob expands to; a glob that names more is cut there. */
const MAX_ALTERNATIVES = 1024;

type GlobToken =
  | { readonly kind: 'char'; readonly test: (char: string) => boolean }
  /** `*`: any run within one folder. */
  | { readonly kind: 'star' }
  /** A final or inner `**` not followed by `/`: anything at all. */
  | { readonly kind: 'any' }
  /** `**` followed by `/`: any number of whole folders. */
  | { readonly kind: 'folders' };

/**
 * A glob as a matcher of root paths, anchored; a glob with no `/` matches a file name in any folder,
 * and a glob naming a folder matches everything in it. Matched by memoized search rather than a
 * regular expression: `**` and `*` repeated (`**` `/` `**` `/` ... or `a*a*a*b`) made a backtracking
 * expression take exponential time on a deep path, which hung `check`.
 */
export function globMatcher(glob: string): (path: RootPath) => boolean {
  const pattern = glob.replace(/\\/g, '/').replace(/^\.\//, '').replace(/^\/+/, '');
  const anywhere = !pattern.includes('/');
  const alternatives = expandBraces(pattern).map(tokenize);
  return (path) => {
    const text = path.toLowerCase();
    const starts = [0];
    if (anywhere) for (let i = 0; i < text.length; i++) if (text[i] === '/') starts.push(i + 1);
    return alternatives.some((tokens) => starts.some((start) => matchTokens(tokens, text, start)));
  };
}

function matchTokens(tokens: readonly GlobToken[], text: string, start: number): boolean {
  const failed = new Set<number>();
  const width = text.length + 1;
  const match = (t: number, i: number): boolean => {
    if (t === tokens.length) return i === text.length || text[i] === '/';
    const key = t * width + i;
    if (failed.has(key)) return false;
    const token = tokens[t];
    let found = false;
    if (token.kind === 'char') {
      found = i < text.length && token.test(text[i]) && match(t + 1, i + 1);
    } else if (token.kind === 'star') {
      for (let j = i; !found && j <= text.length; j++) {
        found = match(t + 1, j);
        if (text[j] === '/') break;
      }
    } else if (token.kind === 'any') {
      for (let j = i; !found && j <= text.length; j++) found = match(t + 1, j);
    } else {
      found = match(t + 1, i);
      for (let j = i; !found && j < text.length; j++) if (text[j] === '/') found = match(t + 1, j + 1);
    }
    if (!found) failed.add(key);
    return found;
  };
  return match(0, start);
}

function tokenize(pattern: string): GlobToken[] {
  const tokens: GlobToken[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '*') {
      if (pattern[i + 1] === '*') {
        const folders = pattern[i + 2] === '/';
        i += folders ? 2 : 1;
        const last = tokens[tokens.length - 1];
        // `**/**/` is `**/`: one token, so repeats cannot multiply the search.
        if (folders && last?.kind === 'folders') continue;
        tokens.push({ kind: folders ? 'folders' : 'any' });
      } else if (tokens[tokens.length - 1]?.kind !== 'star') {
        tokens.push({ kind: 'star' });
      }
    } else if (char === '?') {
      tokens.push({ kind: 'char', test: (c) => c !== '/' });
    } else if (char === '[' && pattern.indexOf(']', i + 1) > i + 1) {
      const close = pattern.indexOf(']', i + 1);
      const body = pattern.slice(i + 1, close).replace(/^!/, '^').replace(/\\/g, '\\\\');
      let set: RegExp;
      try {
        set = new RegExp(`^[${body}]$`, 'i');
      } catch {
        set = new RegExp(`^[${body.replace(/[\]\\^-]/g, '\\$&')}]$`, 'i');
      }
      tokens.push({ kind: 'char', test: (c) => set.test(c) });
      i = close;
    } else {
      const lower = char.toLowerCase();
      tokens.push({ kind: 'char', test: (c) => c === lower });
    }
  }
  return tokens;
}

/** `{a,b}` alternatives spelled out (nested too; an unclosed `{` closes at the end), at most {@link MAX_ALTERNATIVES}. */
function expandBraces(pattern: string): string[] {
  let position = 0;
  const sequence = (inBraces: boolean): string[] => {
    let results = [''];
    while (position < pattern.length) {
      const char = pattern[position];
      if (inBraces && (char === ',' || char === '}')) break;
      position++;
      let pieces: string[];
      if (char === '{') {
        pieces = [];
        for (;;) {
          pieces.push(...sequence(true));
          if (pattern[position] === ',') position++;
          else break;
        }
        if (pattern[position] === '}') position++;
      } else {
        pieces = [char];
      }
      const next: string[] = [];
      for (const head of results) for (const piece of pieces) if (next.length < MAX_ALTERNATIVES) next.push(head + piece);
      results = next;
    }
    return results;
  };
  // At the top level nothing breaks a sequence: a `,` or `}` outside braces is an ordinary character.
  return sequence(false);
}
