import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { containerIndexProblem, resolveTypeSet, shapeSettingFor, type IndexLoadWay, type TypeSet } from '../core';
import { nodeReaderHost } from '../reader';
import { agentMemoryContainer } from '../rootLocations/agentMemory';
import { parseArgs, USAGE, UsageError, type CheckOptions } from './args';
import { checkRoot, checkRootOrDefer, type DeferredRoot } from './checkRoot';
import { printedCheck } from './printedCheck';
import { cacheFolder, clearCache } from './resultCache';
import type { CachePlace } from '../language/cacheFiles';
import { TEAM_FOLDER, teamIndexFolder } from '../rootLocations/teamMemory';
import { preview } from './preview';
import { checkArgument, isDirectory, looksLikeAutoMemory } from './findDefaultRoot';
import { discoverCheckPlaces } from '../language/rootPlaces';
import { namedRootIndexLoad } from './rootIndexLoad';
import { HistoryLocationError } from '../history';
import { HISTORY_USAGE, historyCommand, HistoryUsageError, parseHistoryArgs } from './historyCommand';
import { HOOK_USAGE, hookCommand, HookUsageError, parseHookArgs } from './hookCommand';
import { parseReviewArgs, REVIEW_USAGE, reviewCommand, ReviewUsageError } from './reviewCommand';
import { type CheckedRoot } from './format';
import { onlyFiles, rootsOfFiles, type FilesByRoot } from './rootsOfFiles';
import { terminalSafe } from './terminalText';

declare const PACKAGE_VERSION: string;

/** `memory-shelf`: the extension's rules from the command line. Returns the exit status. */
export async function main(argv: readonly string[], cwd: string): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'hook' || command === 'review' || command === 'history') return historyCommands(command, rest, cwd);
  let parsed;
  try {
    parsed = parseArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) return usageError(error.message);
    throw error;
  }
  if (parsed.kind === 'help') {
    process.stdout.write(USAGE + '\n');
    return 0;
  }
  if (parsed.kind === 'version') {
    process.stdout.write(`${version()}\n`);
    return 0;
  }
  if (parsed.kind === 'preview') return preview(parsed.options, cwd);
  if (parsed.kind === 'lsp') return startLanguageServer(parsed.noCache);
  if (parsed.kind === 'cache') return cacheCommand(parsed.action);
  return check(parsed.options, cwd);
}

async function check(options: CheckOptions, cwd: string): Promise<number> {
  let roots = options.roots;
  const writeBoundaries = new Map<string, string>();
  const autoRoots = new Set<string>();
  const indexLoads = new Map<string, IndexLoadWay>();
  let files: FilesByRoot | undefined;
  if (options.files) {
    files = await rootsOfFiles(roots, cwd);
    roots = [...files.keys()];
  } else if (roots.length === 0) {
    const { places, ignored } = await discoverCheckPlaces(cwd, options.trustClaudeSettings);
    for (const file of ignored) process.stderr.write(`memory-shelf: ignored autoMemoryDirectory in ${terminalSafe(file)} (a file of the checked folder; --trust-claude-settings uses it)\n`);
    if (places.length === 0) return usageError('no memory folder here: ./memory and .claude/agent-memory do not exist and Claude Code has no auto memory folder for this directory. Name one: memory-shelf check ROOT');
    roots = places.map((place) => checkArgument(place, cwd));
    for (const place of places) {
      const root = checkArgument(place, cwd);
      // Said where a log keeps it: a folder chosen by a file in the checked folder is the repository's choice.
      if (place.chosenBy !== undefined) process.stderr.write(`memory-shelf: checking ${terminalSafe(root)}, chosen by autoMemoryDirectory in ${terminalSafe(place.chosenBy)}\n`);
      writeBoundaries.set(root, place.writeBoundary);
      indexLoads.set(root, place.indexLoad);
      if (place.kind === 'auto-memory') autoRoots.add(root);
    }
  }
  const typeSet = parseTypes(options.types);
  const checked: (CheckedRoot | DeferredRoot)[] = [];
  // An agent-memory folder named as a root holds one root per agent (issue #39): each is checked on its
  // own, and a MEMORY.md of the folder itself, which no agent loads, is reported as such.
  if (!files) {
    const expanded: string[] = [];
    for (const root of roots) {
      const container = await agentMemoryContainer(resolve(cwd, root), nodeReaderHost);
      if (!container) {
        expanded.push(root);
        continue;
      }
      const agents = container.agents.map((agent) => join(root, agent));
      for (const agent of agents) if (writeBoundaries.has(root)) writeBoundaries.set(agent, writeBoundaries.get(root)!);
      expanded.push(...agents);
      if (container.hasIndex) checked.push({ argument: root, memories: 0, problems: [containerIndexProblem(container.agents)], skipped: [], fixed: 0, notWritten: [] });
    }
    roots = expanded;
  }
  // One folder named twice (`a a`, `a ./a/`, a link to it) is checked once: twice printed every problem
  // twice, and with --fix it planned a second time what the first pass had just written.
  const seen = new Set<string>();
  for (const root of roots) {
    if (!(await isDirectory(resolve(cwd, root)))) {
      process.stderr.write(`memory-shelf: ${terminalSafe(root)}: not a readable folder\n`);
      return 2;
    }
    const real = await realpath(resolve(cwd, root)).catch(() => resolve(cwd, root));
    if (seen.has(real)) continue;
    seen.add(real);
    const writeBoundary = writeBoundaries.get(root);
    // A team/ folder with its own index is checked as a root of its own, against its own budget.
    const team = await teamIndexFolder(resolve(cwd, root));
    try {
      const exclude = team ? [...options.exclude, `${TEAM_FOLDER}/**`] : options.exclude;
      const looksAuto = autoRoots.has(root) || looksLikeAutoMemory(real);
      const shape = shapeSettingFor(options.shape, looksAuto);
      const indexLoad = indexLoads.get(root) ?? (await namedRootIndexLoad(resolve(cwd, root), looksAuto, cwd));
      const only = files?.get(root);
      const result = only ? await checkRoot(root, cwd, { typeSet, fix: options.fix, exclude, shape, indexLoad, ...(writeBoundary !== undefined ? { writeBoundary } : {}), ...cacheOf(options) }) : await checkRootOrDefer(root, cwd, { typeSet, fix: options.fix, exclude, shape, indexLoad, ...(writeBoundary !== undefined ? { writeBoundary } : {}), ...cacheOf(options) });
      checked.push(only && !('results' in result) ? onlyFiles(result, only) : result);
      // With --files a staged team memory already names team/ as its own root (it holds a MEMORY.md).
      if (team && !files) checked.push(await checkRootOrDefer(join(root, TEAM_FOLDER), cwd, { typeSet, fix: options.fix, exclude: options.exclude, shape: options.shape, indexLoad, ...(writeBoundary !== undefined ? { writeBoundary } : {}), ...cacheOf(options) }));
    } catch (error) {
      process.stderr.write(`memory-shelf: ${terminalSafe(root)}: ${terminalSafe((error as Error).message)}\n`);
      return 2;
    }
  }
  // Output kept for a run is printed again only for the same whole roots, never for a --files subset or a fix.
  const printed = await printedCheck(checked, { format: options.format, failOn: options.failOn, version: version(), ...(files || options.fix ? {} : cacheOf(options)) });
  process.stdout.write(printed.bytes);
  return printed.exitCode;
}

/** `hook`, `review` and `history`: each parses its own options and prints its own help. */
async function historyCommands(command: 'hook' | 'review' | 'history', rest: readonly string[], cwd: string): Promise<number> {
  const usage = command === 'hook' ? HOOK_USAGE : command === 'review' ? REVIEW_USAGE : HISTORY_USAGE;
  try {
    const parsed = command === 'hook' ? parseHookArgs(rest) : command === 'review' ? parseReviewArgs(rest) : parseHistoryArgs(rest);
    if ('help' in parsed) {
      process.stdout.write(usage + '\n');
      return 0;
    }
    if (command === 'hook') return await hookCommand(parsed as Parameters<typeof hookCommand>[0], cwd);
    if (command === 'review') return await reviewCommand(parsed as Parameters<typeof reviewCommand>[0], cwd);
    return await historyCommand(parsed as Parameters<typeof historyCommand>[0], cwd);
  } catch (error) {
    if (error instanceof HookUsageError || error instanceof ReviewUsageError || error instanceof HistoryUsageError) {
      process.stderr.write(`memory-shelf: ${terminalSafe(error.message)}\n\n${usage}\n`);
      return 2;
    }
    if (error instanceof HistoryLocationError) {
      process.stderr.write(`memory-shelf: ${terminalSafe(error.message)} (MEMORY_SHELF_HISTORY_DIR chooses another folder)\n`);
      return 2;
    }
    throw error;
  }
}

/**
 * The language server is a bundle of its own beside this one (dist/lsp.js), loaded only for `lsp`, so a
 * check does not pay for parsing it; compiled without bundling (tests), it is src/lsp/main.js. The path
 * is computed so that the bundler leaves the require alone. Resolves never: the server runs until the
 * client ends it.
 */
function startLanguageServer(noCache: boolean): Promise<number> {
  const candidates = [join(__dirname, 'lsp.js'), join(__dirname, '..', 'lsp', 'main.js')];
  const load = require;
  const server = load(candidates.find((file) => existsSync(file)) ?? candidates[0]) as { runLanguageServer(options: { cache?: CachePlace }): void };
  server.runLanguageServer(noCache ? {} : cacheOf({ noCache }));
  return new Promise(() => undefined);
}

function version(): string {
  return typeof PACKAGE_VERSION === 'string' ? PACKAGE_VERSION : 'dev';
}

/**
 * The result cache a check or the language server uses: only the bundled CLI keeps one, keyed by its
 * version and its own bytes and the language server's beside it (two builds of one version never share
 * results; the two doors of one build share what each memory showed); `--no-cache` and unbundled runs use none.
 */
function cacheOf(options: { readonly noCache: boolean }): { cache?: CachePlace } {
  if (options.noCache || typeof PACKAGE_VERSION !== 'string') return {};
  if (buildHash === undefined) {
    const hash = createHash('sha256').update(readFileSync(__filename));
    const server = join(__dirname, 'lsp.js');
    if (existsSync(server)) hash.update(readFileSync(server));
    buildHash = hash.digest('hex').slice(0, 16);
  }
  return { cache: { folder: cacheFolder(), version: `${PACKAGE_VERSION}+${buildHash}` } };
}

let buildHash: string | undefined;

function cacheCommand(action: 'where' | 'clear'): number {
  const folder = cacheFolder();
  if (action === 'where') process.stdout.write(`${terminalSafe(folder)}\n`);
  else {
    const removed = clearCache(folder);
    process.stdout.write(`${removed} ${removed === 1 ? 'entry' : 'entries'} removed from ${terminalSafe(folder)}\n`);
  }
  return 0;
}

function parseTypes(types: string | undefined): TypeSet {
  if (types === undefined || types === 'claude-code' || types === 'madohub') return resolveTypeSet(types, undefined);
  return resolveTypeSet('custom', types.split(','));
}

function usageError(message: string): number {
  process.stderr.write(`memory-shelf: ${terminalSafe(message)}\n\n${USAGE}\n`);
  return 2;
}

if (require.main === module) {
  main(process.argv.slice(2), process.cwd()).then(
    (status) => {
      process.exitCode = status;
    },
    (error: unknown) => {
      // An error's message can quote a file name or a setting from the workspace: escaped like every other output.
      process.stderr.write(`memory-shelf: ${((error as Error)?.stack ?? String(error)).split('\n').map(terminalSafe).join('\n')}\n`);
      process.exitCode = 2;
    },
  );
}
