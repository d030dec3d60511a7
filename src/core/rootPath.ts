import type { RootPath } from './types';

/**
 * Root-relative paths are plain `/`-separated strings so the core needs neither node:path nor a URI
 * library, and the same model serves local, remote and virtual workspaces.
 */

export function fileStem(path: RootPath): string {
  const base = baseName(path);
  return base.toLowerCase().endsWith('.md') ? base.slice(0, -3) : base;
}

export function baseName(path: RootPath): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export function dirName(path: RootPath): RootPath {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

/**
 * Resolves `relative` against the folder `base`, removing `.` and `..`. Returns undefined when the
 * result would leave the root, which a memory link or index entry must never do.
 */
export function joinRootPath(base: RootPath, relative: string): RootPath | undefined {
  const parts = base ? base.split('/') : [];
  for (const segment of relative.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else {
      parts.push(segment);
    }
  }
  return parts.join('/');
}

/** Folds a name or stem for the fallback match: case and `_`/`-` do not matter. */
export function foldName(name: string): string {
  return name.toLowerCase().replace(/_/g, '-');
}

export const INDEX_FILE_NAME = 'MEMORY.md';

/**
 * True for files the store treats as memories: Markdown files other than an index. A `MEMORY.md` in a
 * subfolder (`team/MEMORY.md`) indexes that folder for people; it is not a fact with frontmatter.
 */
export function isMemoryPath(path: RootPath): boolean {
  return path.toLowerCase().endsWith('.md') && baseName(path) !== INDEX_FILE_NAME;
}
