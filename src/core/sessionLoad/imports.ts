import { blankInlineCode, stepFence } from '../codeFence';

/** An `@path` import found in a CLAUDE.md-like file. */
export interface ImportRef {
  /** As written, escapes undone and any `#fragment` left off. */
  readonly ref: string;
  /** Offset of the `@` in the text searched. */
  readonly offset: number;
}

/**
 * Claude Code's import syntax (0.2.107; docs "Import additional files"): `@` at the start of a line or
 * after white space, then a path up to the next white space (`\ ` escapes a space). Not inside a fenced
 * code block or an inline code span, where `@x` is an example. An e-mail address has no space before
 * its `@` and is not one; neither is `@@x` or a path of punctuation only.
 */
const IMPORT = /(?:^|\s)@((?:[^\s\\]|\\ )+)/g;
const PATH_START = /^(?:\.{1,2}\/|~\/|\/(?!\/)|[A-Za-z0-9._\-\u0080-\uFFFF])/;

/** The `@path` imports of a text, in order, outside code. */
export function findImports(text: string): ImportRef[] {
  const found: ImportRef[] = [];
  let fence: string | undefined;
  let lineStart = 0;
  for (const rawLine of text.split('\n')) {
    const step = stepFence(rawLine, fence);
    fence = step.fence;
    if (!step.isCode) {
      const line = blankInlineCode(rawLine);
      for (const match of line.matchAll(IMPORT)) {
        const ref = cleanRef(match[1]);
        const at = (match.index ?? 0) + match[0].indexOf('@');
        if (ref !== undefined) found.push({ ref, offset: lineStart + at });
      }
    }
    lineStart += rawLine.length + 1;
  }
  return found;
}

function cleanRef(raw: string): string | undefined {
  let ref = raw.replace(/\\ /g, ' ');
  const hash = ref.indexOf('#');
  if (hash >= 0) ref = ref.slice(0, hash);
  ref = ref.replace(/[),.;:!?]+$/, '');
  if (ref === '' || ref.startsWith('@') || !PATH_START.test(ref)) return undefined;
  return ref;
}

/**
 * The file an import names: `~/` from the home folder, an absolute path as is, anything else relative
 * to the folder of the file that imports it (docs: "relative paths resolve relative to the file
 * containing the import"). Paths keep the host's style; `.` and `..` are folded.
 */
export function resolveImport(ref: string, importer: string, homeDir: string, style: 'posix' | 'win32'): string {
  const sep = style === 'win32' ? '\\' : '/';
  const norm = (p: string): string => (style === 'win32' ? p.replace(/\//g, '\\') : p);
  const r = norm(ref);
  if (ref.startsWith('~/')) return joinPath(norm(homeDir), r.slice(2), sep);
  if (isAbsolute(r, style)) return joinPath(r, '', sep);
  return joinPath(dirname(norm(importer), sep), r, sep);
}

export function isAbsolute(path: string, style: 'posix' | 'win32'): boolean {
  return style === 'win32' ? /^(?:[A-Za-z]:[\\/]|\\\\)/.test(path) : path.startsWith('/');
}

export function dirname(path: string, sep: string): string {
  const at = path.lastIndexOf(sep);
  if (at < 0) return '.';
  if (at === 0) return sep;
  return path.slice(0, at);
}

/** `base` joined with `rest`, `.` and `..` folded; never climbs above the root of `base`. */
export function joinPath(base: string, rest: string, sep: string): string {
  const rootMatch = sep === '\\' ? /^(?:[A-Za-z]:\\|\\\\[^\\]+\\[^\\]+\\?)/.exec(base) : /^\//.exec(base);
  const root = rootMatch ? rootMatch[0] : '';
  const parts: string[] = [];
  for (const part of (base.slice(root.length) + sep + rest).split(sep)) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  const rootText = root.endsWith(sep) || root === '' ? root : root + sep;
  return rootText + parts.join(sep);
}

/** Whether `path` lies inside `folder` (or is it). */
export function isInside(path: string, folder: string, sep: string): boolean {
  const base = folder.endsWith(sep) ? folder : folder + sep;
  return path === folder || path.startsWith(base);
}
