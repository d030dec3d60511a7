import { lstat, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import type { ShellReach, ShellTarget } from '../../core/history/bashCommand';
import { globReaches } from '../../core/history/globReach';
import { below, isMemoryFile, memoryRootOf, type HookRootContext } from './hookRoots';
import { namesOf, realish } from './realPaths';

/** What one tool call may do to one memory root. */
export interface RootWork {
  /** The root's real path. */
  readonly folder: string;
  readonly deletes: Set<string>;
  readonly writes: Set<string>;
  /** Files only added to at their end (`>>`). */
  readonly appends: Set<string>;
  /** The whole folder may change (a glob, `rm -r`, git, a program that names it). */
  whole: boolean;
  wholeDeletes: boolean;
  /** Reached only by a command whose targets cannot be read: weighed by the gate, never snapshot whole. */
  unread: boolean;
}

/** Where the hook looks: the shapes of memory folders, and the roots known by path (real paths). */
export interface HookPlaces {
  readonly context: HookRootContext;
  /** The same context with every folder through its real path. */
  readonly realContext: HookRootContext;
  /** Real paths of the roots known by name: the project's memory/, auto memory, every root the history holds. */
  readonly roots: readonly string[];
  /** The history folder's real path: an agent's write there could forge approvals. */
  readonly historyDir: string;
}

/** Gathers the work of one tool call, root by root, from the paths and commands it names. */
export class WorkCollector {
  private readonly byRoot = new Map<string, RootWork>();
  /** The call writes into Memory Shelf's history folder. */
  touchesHistory = false;

  constructor(private readonly places: HookPlaces) {}

  work(): RootWork[] {
    return [...this.byRoot.values()];
  }

  /** A file a file tool writes (Write, Edit, MultiEdit, NotebookEdit). */
  async fileTool(path: string): Promise<void> {
    await this.path('write', path, false);
  }

  /** What a shell command may touch, as {@link shellReach} read it. */
  async shell(reach: ShellReach, cwd: string): Promise<void> {
    for (const target of reach.targets) await this.target(target, cwd);
    if (reach.unknown) for (const root of this.places.roots) this.rootWork(root).unread = true;
  }

  private rootWork(folder: string): RootWork {
    let item = this.byRoot.get(folder);
    if (!item) this.byRoot.set(folder, (item = { folder, deletes: new Set(), writes: new Set(), appends: new Set(), whole: false, wholeDeletes: false, unread: false }));
    return item;
  }

  private whole(folder: string, deletes: boolean): void {
    const item = this.rootWork(folder);
    item.whole = true;
    item.wholeDeletes ||= deletes;
  }

  private async target(target: ShellTarget, cwd: string): Promise<void> {
    switch (target.kind) {
      case 'write':
      case 'append':
      case 'delete':
        if (target.glob) return this.glob(target.path, target.kind === 'delete');
        return this.path(target.kind, target.path, false);
      case 'tree':
        if (target.glob) return this.glob(target.path, target.deletes);
        return this.path(target.deletes ? 'delete' : 'write', target.path, true);
      case 'code':
        return this.code(target.text, target.cwd ?? cwd);
      case 'cwd':
        if (target.cwd === undefined) return this.unread();
        for (const root of this.places.roots) if (inside(await realish(target.cwd), root)) this.whole(root, true);
        if (inside(await realish(target.cwd), this.places.historyDir)) this.touchesHistory = true;
        return;
      case 'repo': {
        if (target.cwd === undefined) return this.unread();
        const top = await repoTop(await realish(target.cwd));
        for (const root of this.places.roots) if (inside(root, top) || inside(top, root)) this.whole(root, true);
        return;
      }
    }
  }

  private unread(): void {
    for (const root of this.places.roots) this.rootWork(root).unread = true;
  }

  /**
   * One path: a memory file of a root (by shape or by a known root's real path), a folder inside a
   * root, a root itself or one of its ancestors (`rm -rf .`). `tree`: anything under the path may change.
   */
  private async path(op: 'write' | 'append' | 'delete', path: string, tree: boolean): Promise<void> {
    for (const name of await namesOf(path)) {
      if (inside(name, this.places.historyDir) || (tree && inside(this.places.historyDir, name)) || (op === 'delete' && inside(this.places.historyDir, name))) this.touchesHistory = true;
      const hits = [memoryRootOf(name, this.places.context), memoryRootOf(name, this.places.realContext)];
      for (const hit of hits) {
        if (!hit) continue;
        const folder = await realish(hit.folder);
        await this.inRoot(op, folder, join(folder, ...(hit.file ?? '').split('/')), tree, hit.file);
      }
      for (const root of this.places.roots) {
        const parts = below(name, root);
        if (parts) await this.inRoot(op, root, name, tree, isMemoryFile(parts) ? parts.join('/') : undefined);
        // A root's ancestor deleted, moved or rewritten whole takes the root with it.
        else if ((tree || op === 'delete') && inside(root, name)) this.whole(root, op === 'delete');
      }
    }
  }

  private async inRoot(op: 'write' | 'append' | 'delete', root: string, path: string, tree: boolean, file: string | undefined): Promise<void> {
    const info = await lstat(path).catch(() => undefined);
    if (info?.isDirectory() || (file === undefined && path !== root && !info)) {
      // A folder inside the root: deleting or rewriting it reaches every file under it; writing "to" it is the tool's error.
      if (tree || op === 'delete') this.whole(root, op === 'delete');
      return;
    }
    if (file === undefined) {
      if (path === root && (tree || op === 'delete')) this.whole(root, op === 'delete');
      return;
    }
    const item = this.rootWork(root);
    if (op === 'delete') item.deletes.add(file);
    else if (op === 'append' && !tree) item.appends.add(file);
    else item.writes.add(file);
  }

  private async glob(pattern: string, deletes: boolean): Promise<void> {
    // The literal folders before the first glob segment may be links: matched through their real path too.
    const parts = pattern.split(sep);
    const first = parts.findIndex((part) => /[*?[{]/.test(part));
    const prefix = parts.slice(0, first).join(sep) || sep;
    const forms = [pattern, join(await realish(prefix), ...parts.slice(first))];
    for (const form of forms) {
      if (globReaches(form.split(sep).join('/'), this.places.historyDir.split(sep).join('/'))) this.touchesHistory = true;
      for (const root of this.places.roots) if (globReaches(form.split(sep).join('/'), root.split(sep).join('/'))) this.whole(root, deletes);
    }
  }

  /** A program's inline text reaches the roots it names (their path, or their name from where it runs) and any root it runs inside. */
  private async code(text: string, cwd: string): Promise<void> {
    const real = await realish(cwd);
    const names = (folder: string): string[] => {
      const out = [folder];
      for (const base of [cwd, real]) {
        const rel = relative(base, folder);
        if (rel !== '' && !rel.startsWith('..') && !isAbsolute(rel)) out.push(rel.split(sep)[0]);
      }
      return out;
    };
    for (const root of this.places.roots) {
      if (inside(real, root) || names(root).some((name) => text.includes(name))) this.whole(root, true);
    }
    for (const folder of [this.places.context.projectDir, this.places.realContext.projectDir]) {
      const memory = join(folder, 'memory');
      if (text.includes(memory) || (inside(real, folder) && names(memory).some((name) => text.includes(name)))) {
        if (await stat(memory).then((info) => info.isDirectory(), () => false)) this.whole(await realish(memory), true);
      }
    }
    if (text.includes(this.places.historyDir) || /memory-shelf/i.test(text)) this.touchesHistory = true;
  }
}

function inside(path: string, folder: string): boolean {
  return below(path, folder) !== undefined;
}

/** The work tree holding `folder` (the nearest folder up with a `.git`), or the folder itself. */
async function repoTop(folder: string): Promise<string> {
  let at = folder;
  for (let i = 0; i < 256; i++) {
    if (await lstat(join(at, '.git')).then(() => true, () => false)) return at;
    const up = dirname(at);
    if (up === at) break;
    at = up;
  }
  return folder;
}
