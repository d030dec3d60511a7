import { posix } from 'node:path';
import type { EntryKind, HostRead, ReaderHost, ReadOptions } from '../../../src/reader';

/** One node of the fake tree: a folder is implied by the paths under it. */
export type FakeNode =
  | { readonly kind: 'file'; readonly bytes: Uint8Array; readonly mtimeMs?: number }
  | { readonly kind: 'link'; readonly target: string }
  | { readonly kind: 'other' }
  | { readonly kind: 'directory' };

/**
 * An in-memory {@link ReaderHost} over absolute posix paths. Hooks let a test change the tree under
 * the reader (a file deleted or rewritten mid-scan) and count how many calls run at once.
 */
export class FakeReaderHost implements ReaderHost {
  readonly pathStyle = 'posix';
  readonly nodes = new Map<string, FakeNode>();
  readonly reads: string[] = [];
  running = 0;
  mostRunning = 0;
  /** Called before each read; may return a result to use instead (a changed or vanished file). */
  onRead?: (path: string) => HostRead | undefined;
  /** Awaited before each read: holds a file's read back until the test lets it go. */
  holdRead?: (path: string) => Promise<void> | undefined;
  unlistable = new Set<string>();

  constructor(tree: Record<string, string | Uint8Array | FakeNode>, readonly resolvesLinks = true) {
    for (const [path, value] of Object.entries(tree)) {
      const node: FakeNode = typeof value === 'string' ? { kind: 'file', bytes: new TextEncoder().encode(value) }
        : value instanceof Uint8Array ? { kind: 'file', bytes: value } : value;
      this.nodes.set(path, node);
      for (let dir = posix.dirname(path); dir !== '/' && !this.nodes.has(dir); dir = posix.dirname(dir)) this.nodes.set(dir, { kind: 'directory' });
    }
  }

  private async tick<T>(work: () => T): Promise<T> {
    this.running++;
    this.mostRunning = Math.max(this.mostRunning, this.running);
    await new Promise((resolve) => setTimeout(resolve, 1));
    try {
      return work();
    } finally {
      this.running--;
    }
  }

  readDirectory(folder: string): Promise<{ name: string; kind: EntryKind }[]> {
    return this.tick(() => {
      if (this.unlistable.has(folder)) throw Object.assign(new Error('denied'), { code: 'EACCES' });
      const real = this.resolve(folder);
      if (real === undefined || this.nodes.get(real)?.kind !== 'directory') throw Object.assign(new Error('missing'), { code: 'ENOENT' });
      const entries: { name: string; kind: EntryKind }[] = [];
      for (const [path, node] of this.nodes) {
        if (posix.dirname(path) !== real || path === real) continue;
        entries.push({ name: posix.basename(path), kind: node.kind === 'link' ? 'symlink' : node.kind });
      }
      return entries;
    });
  }

  realPath(path: string): Promise<string | undefined> {
    return this.tick(() => this.resolve(path));
  }

  kindOf(path: string): Promise<EntryKind | undefined> {
    return this.tick(() => {
      const real = this.resolve(path);
      const node = real === undefined ? undefined : this.nodes.get(real);
      return node?.kind === 'link' ? undefined : node?.kind;
    });
  }

  async readRegularFile(path: string, options: ReadOptions): Promise<HostRead> {
    await this.holdRead?.(path);
    return this.tick((): HostRead => {
      this.reads.push(path);
      const replaced = this.onRead?.(path);
      if (replaced) return replaced;
      // Like open(2) with O_NOFOLLOW: links on the way are followed, a final link is not.
      const parent = this.resolve(posix.dirname(path));
      const node = parent === undefined ? undefined : this.nodes.get(posix.join(parent, posix.basename(path)));
      if (!node) return { kind: 'missing' };
      if (node.kind === 'link') return { kind: 'changed' };
      if (node.kind !== 'file') return { kind: 'not-regular', what: node.kind === 'directory' ? 'directory' : 'other' };
      const stamp = { size: node.bytes.length, mtimeMs: node.mtimeMs ?? 0 };
      const truncated = node.bytes.length > options.maxBytes;
      if (truncated && !options.prefixWhenLarger) return { kind: 'too-large', stamp };
      return { kind: 'read', bytes: node.bytes.subarray(0, truncated ? options.maxBytes : undefined), stamp, truncated };
    });
  }

  /** Follows links segment by segment, like realpath(3); undefined for a path that leads nowhere. */
  private resolve(path: string, depth = 0): string | undefined {
    if (depth > 40) return undefined;
    let current = '/';
    for (const segment of path.split('/').filter(Boolean)) {
      current = posix.join(current, segment);
      const node = this.nodes.get(current);
      if (!node) return undefined;
      if (node.kind === 'link') {
        const next = this.resolve(posix.resolve(posix.dirname(current), node.target), depth + 1);
        if (next === undefined) return undefined;
        current = next;
      }
    }
    return current;
  }
}
