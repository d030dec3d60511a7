import * as nodePath from 'node:path';
import type { PathStyle, RootsHost } from '../../../src/rootLocations/autoMemory';

/** A file tree in memory. Directories are implied by file paths; `dirs` adds empty ones. */
export interface FakeTree {
  files?: Record<string, string>;
  dirs?: string[];
  /** Symlinks: path prefix as seen -> real path prefix; only `realPath` follows them. */
  links?: Record<string, string>;
}

/** In-memory {@link RootsHost}; win32 paths compare case-insensitively, as on NTFS. */
export class FakeRootsHost implements RootsHost {
  private readonly path: nodePath.PlatformPath;
  private readonly files = new Map<string, string>();
  private readonly dirs = new Map<string, Set<string>>();
  readonly reads: string[] = [];

  constructor(
    tree: FakeTree,
    private readonly style: PathStyle = 'posix',
  ) {
    this.path = style === 'win32' ? nodePath.win32 : nodePath.posix;
    for (const [file, text] of Object.entries(tree.files ?? {})) {
      this.files.set(this.key(file), text);
      this.addDir(this.path.dirname(this.path.normalize(file)), this.path.basename(file));
    }
    for (const dir of tree.dirs ?? []) {
      this.addDir(this.path.normalize(dir));
    }
    this.links = Object.entries(tree.links ?? {});
  }

  private readonly links: [string, string][];

  private key(p: string): string {
    const n = this.path.normalize(p);
    return this.style === 'win32' ? n.toLowerCase() : n;
  }

  private addDir(dir: string, child?: string): void {
    const k = this.key(dir);
    let children = this.dirs.get(k);
    if (!children) {
      children = new Set();
      this.dirs.set(k, children);
      const parent = this.path.dirname(dir);
      if (parent !== dir) {
        this.addDir(parent, this.path.basename(dir));
      }
    }
    if (child !== undefined) {
      children.add(child);
    }
  }

  async readTextFile(p: string): Promise<string | undefined> {
    this.reads.push(p);
    return this.files.get(this.key(p));
  }

  async listDirectory(p: string): Promise<string[] | undefined> {
    const children = this.dirs.get(this.key(p));
    return children ? [...children] : undefined;
  }

  async isDirectory(p: string): Promise<boolean> {
    return this.dirs.has(this.key(p));
  }

  async realPath(p: string): Promise<string | undefined> {
    let real = this.path.normalize(p);
    for (const [from, to] of this.links) {
      if (real === from || real.startsWith(from + this.path.sep)) {
        real = to + real.slice(from.length);
      }
    }
    const k = this.key(real);
    return this.files.has(k) || this.dirs.has(k) ? real : undefined;
  }
}
