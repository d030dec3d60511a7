import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { containerIndexProblem, resolveTypeSet, shapeSettingFor, type TypeSet } from '../core';
import { parseArgs, USAGE, UsageError, type CheckOptions } from './args';
import { checkRoot, checkRootOrDefer, type DeferredRoot } from './checkRoot';
import { printedCheck } from './printedCheck';
import { cacheFolder, clearCache } from './resultCache';
import type { CachePlace } from '../language/cacheFiles';
import { TEAM_FOLDER } from '../rootLocations/teamMemory';
import { looksLikeAutoMemory } from '../rootLocations/projectIndexLoad';
import { preview } from './preview';
import { checkArgument, isDirectory } from './findDefaultRoot';
import { discoverCheckPlaces, withTeamPlace, type RootPlace } from '../language/rootPlaces';
import { agentContainerPlaces, namedPlace } from '../language/namedPlaces';
import { placesOfFiles } from '../language/filePlaces';
import { HistoryLocationError } from '../history';
import { HISTORY_USAGE, historyCommand, HistoryUsageError, parseHistoryArgs } from './historyCommand';
import { HOOK_USAGE, hookCommand, HookUsageError, parseHookArgs } from './hookCommand';
import { parseReviewArgs, REVIEW_USAGE, reviewCommand, ReviewUsageError } from './reviewCommand';
import { type CheckedRoot } from './format';
import { onlyFiles } from './onlyFiles';
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
  let targets: CheckTarget[];
  if (options.files) {
    targets = (await placesOfFiles(options.roots, cwd)).map(({ place, files, absolute }) => ({ argument: absolute ? place.folder : relative(cwd, place.folder) || '.', place, files }));
  } else if (options.roots.length === 0) {
    const { places, ignored } = await discoverCheckPlaces(cwd, options.trustClaudeSettings);
    for (const file of ignored) process.stderr.write(`memory-shelf: ignored autoMemoryDirectory in ${terminalSafe(file)} (a file of the checked folder; --trust-claude-settings uses it)\n`);
    if (places.length === 0) return usageError('no memory folder here: ./memory and .claude/agent-memory do not exist and Claude Code has no auto memory folder for this directory. Name one: memory-shelf check ROOT');
    targets = places.map((place) => ({ argument: checkArgument(place, cwd), place }));
    // Said where a log keeps it: a folder chosen by a file in the checked folder is the repository's choice.
    for (const { argument, place } of targets) if (place.chosenBy !== undefined) process.stderr.write(`memory-shelf: checking ${terminalSafe(argument)}, chosen by autoMemoryDirectory in ${terminalSafe(place.chosenBy)}\n`);
  } else {
    targets = [];
    for (const argument of options.roots) targets.push({ argument, place: await namedPlace(argument, cwd) });
  }
  const typeSet = parseTypes(options.types);
  const checked: (CheckedRoot | DeferredRoot)[] = [];
  // An agent-memory folder named as a root holds one root per agent (issue #39): each is checked on its
  // own, and a MEMORY.md of the folder itself, which no agent loads, is reported as such.
  if (!options.files) {
    const expanded: CheckTarget[] = [];
    for (const target of targets) {
      const container = await agentContainerPlaces(target.place);
      if (!container) {
        expanded.push(target);
        continue;
      }
      expanded.push(...container.agents.map((place) => ({ argument: join(target.argument, place.agent!.name), place })));
      if (container.hasIndex) checked.push({ argument: target.argument, memories: 0, problems: [containerIndexProblem(container.agents.map((place) => place.agent!.name))], skipped: [], fixed: 0, notWritten: [] });
    }
    targets = expanded;
  }
  // One folder named twice (`a a`, `a ./a/`, a link to it) is checked once: twice printed every problem
  // twice, and with --fix it planned a second time what the first pass had just written.
  const seen = new Set<string>();
  for (const { argument, place, files } of targets) {
    if (!(await isDirectory(place.folder))) {
      process.stderr.write(`memory-shelf: ${terminalSafe(argument)}: not a readable folder\n`);
      return 2;
    }
    const real = await realpath(place.folder).catch(() => place.folder);
    if (seen.has(real)) continue;
    seen.add(real);
    // A team/ folder with its own index is checked as a root of its own, against its own budget.
    const [main, team] = await withTeamPlace(place);
    try {
      const shape = shapeSettingFor(options.shape, main.kind === 'auto-memory' || looksLikeAutoMemory(real));
      const mainOptions = { typeSet, fix: options.fix, exclude: [...options.exclude, ...main.exclude], shape, indexLoad: main.indexLoad, writeBoundary: main.writeBoundary, ...cacheOf(options) };
      // With --files only its files are shown, so the root's whole results are read (never deferred).
      checked.push(files ? onlyFiles(await checkRoot(argument, cwd, mainOptions), files) : await checkRootOrDefer(argument, cwd, mainOptions));
      // With --files a staged team memory already names team/ as its own root (it holds a MEMORY.md).
      if (team && !files) checked.push(await checkRootOrDefer(join(argument, TEAM_FOLDER), cwd, { typeSet, fix: options.fix, exclude: [...options.exclude, ...team.exclude], shape: options.shape, indexLoad: team.indexLoad, writeBoundary: team.writeBoundary, ...cacheOf(options) }));
    } catch (error) {
      process.stderr.write(`memory-shelf: ${terminalSafe(argument)}: ${terminalSafe((error as Error).message)}\n`);
      return 2;
    }
  }
  // Output kept for a run is printed again only for the same whole roots, never for a --files subset or a fix.
  const printed = await printedCheck(checked, { format: options.format, failOn: options.failOn, version: version(), cwd, ...(options.files || options.fix ? {} : cacheOf(options)) });
  process.stdout.write(printed.bytes);
  return printed.exitCode;
}

/** A root to check: the place, as the command line names it (`argument`), and with --files the files asked about. */
interface CheckTarget {
  readonly argument: string;
  readonly place: RootPlace;
  readonly files?: ReadonlySet<string>;
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
