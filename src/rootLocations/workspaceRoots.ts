import * as nodePath from 'node:path';
import {
  detectPathStyle,
  findGitRoot,
  resolveAutoMemory,
  type AutoMemoryInput,
  type AutoMemoryLocation,
  type PathStyle,
  type RootsHost,
} from './autoMemory';

/**
 * The memory roots of one workspace folder (DESIGN.md section 1): Claude Code's auto memory
 * folder, the project's own committed `memory/` folder, and the folders the user names in the
 * `memoryShelf.roots` setting. I/O goes through {@link RootsHost}.
 */

/** What {@link resolveWorkspaceRoots} needs beyond {@link AutoMemoryInput}. */
export interface WorkspaceRootsInput extends AutoMemoryInput {
  /** `memoryShelf.roots` as written: absolute, `~/`-relative, or relative to the workspace folder. */
  configuredRoots: readonly string[];
  /** `memoryShelf.autoMemory.show`; when false the auto memory folder is not even located. */
  showAutoMemory: boolean;
}

/** One memory root. The same folder is listed once, under the first kind in this union's order. */
export type RootLocation =
  | {
      kind: 'auto-memory';
      path: string;
      exists: boolean;
      /** Where it came from, whether Claude Code loads it, and what was ignored on the way. */
      location: AutoMemoryLocation;
    }
  | {
      /** A `memory/` folder with Markdown in it, in the workspace folder or its checkout's root. */
      kind: 'project-memory';
      path: string;
      exists: true;
    }
  | {
      kind: 'configured';
      path: string;
      exists: boolean;
      /** The `memoryShelf.roots` entry as the user wrote it. */
      setting: string;
    };

function pathApi(style: PathStyle): nodePath.PlatformPath {
  return style === 'win32' ? nodePath.win32 : nodePath.posix;
}

/** Absolute path for a `memoryShelf.roots` entry; `undefined` for a blank one. */
export function resolveConfiguredRoot(
  entry: string,
  workspaceFolder: string,
  homeDir: string,
  pathStyle: PathStyle = detectPathStyle(workspaceFolder),
): string | undefined {
  const path = pathApi(pathStyle);
  const trimmed = entry.trim();
  if (trimmed === '') {
    return undefined;
  }
  const tilde = trimmed === '~' || trimmed.startsWith('~/') || (pathStyle === 'win32' && trimmed.startsWith('~\\'));
  const resolved = tilde ? path.join(homeDir, trimmed.slice(1)) : path.resolve(workspaceFolder, trimmed);
  const stripped = resolved.replace(pathStyle === 'win32' ? /[\\/]+$/ : /\/+$/, '');
  return stripped === '' || stripped.endsWith(':') ? resolved : stripped;
}

async function looksLikeMemoryFolder(folder: string, host: RootsHost): Promise<boolean> {
  // A bare `memory/` can be source code (an allocator, say); memory roots hold Markdown.
  const entries = await host.listDirectory(folder);
  return entries !== undefined && entries.some((e) => e.toLowerCase().endsWith('.md'));
}

/** The memory roots of `input.workspaceFolder`, auto memory first, without duplicates. */
export async function resolveWorkspaceRoots(input: WorkspaceRootsInput, host: RootsHost): Promise<RootLocation[]> {
  const pathStyle = input.pathStyle ?? detectPathStyle(input.workspaceFolder);
  const path = pathApi(pathStyle);
  const roots: RootLocation[] = [];
  const seen = new Set<string>();
  const key = (p: string): string => (pathStyle === 'win32' ? p.toLowerCase() : p);
  const add = (root: RootLocation): void => {
    if (!seen.has(key(root.path))) {
      seen.add(key(root.path));
      roots.push(root);
    }
  };

  if (input.showAutoMemory) {
    const location = await resolveAutoMemory(input, host);
    add({ kind: 'auto-memory', path: location.path, exists: location.exists, location });
  }

  const checkoutRoot = await findGitRoot(input.workspaceFolder, host, pathStyle);
  const projectCandidates = [input.workspaceFolder, ...(checkoutRoot ? [checkoutRoot] : [])].map((d) =>
    path.join(path.resolve(d), 'memory'),
  );
  for (const candidate of projectCandidates) {
    if (!seen.has(key(candidate)) && (await looksLikeMemoryFolder(candidate, host))) {
      add({ kind: 'project-memory', path: candidate, exists: true });
    }
  }

  for (const setting of input.configuredRoots) {
    const resolved = resolveConfiguredRoot(setting, input.workspaceFolder, input.homeDir, pathStyle);
    if (resolved !== undefined && !seen.has(key(resolved))) {
      add({ kind: 'configured', path: resolved, exists: await host.isDirectory(resolved), setting });
    }
  }
  return roots;
}
