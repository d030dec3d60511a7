import * as nodePath from 'node:path';

/**
 * Finds Claude Code's auto memory folder for a workspace folder, following the rules in
 * DESIGN.md section 1. No file system access here: everything goes through {@link RootsHost},
 * so the same logic runs against node:fs, a remote host or an in-memory fake.
 *
 * Precedence, highest first (Claude Code merges settings as user < project < local):
 * - folder: `autoMemoryDirectory` in `<folder>/.claude/settings.local.json`, then in
 *   `<folder>/.claude/settings.json` (both in a trusted workspace only: a cloned repository can commit
 *   either, and must not be able to point us, or Claude, at `~/.ssh`), then in
 *   `<config dir>/settings.json`, then the default
 *   `<config dir>/projects/<sanitized canonical root>/memory`. As in Claude Code, the highest
 *   scope that sets the key decides; an unusable value there (relative, a file-system root) falls
 *   back to the default rather than to a lower scope, with a warning. With `CLAUDE_CONFIG_DIR`
 *   set, `CLAUDE_CODE_PROJECT_DIR_NAME` (Claude Code 2.1.234+) replaces the sanitized name.
 * - enabled: `CLAUDE_CODE_DISABLE_AUTO_MEMORY` (a settings file's `env` block, local > project >
 *   user, overrides the extension host's environment, because Claude Code applies those blocks to
 *   its own environment); a truthy value disables, an explicitly falsy one (`0`, `false`, ...)
 *   enables whatever the settings say. Then `autoMemoryEnabled` (local > project > user), then on.
 *   Project settings count here even in an untrusted workspace: they only change a label, and
 *   Claude Code itself applies them once the folder is trusted.
 */

/** The file-system operations path resolution needs. Every method answers "no" instead of throwing. */
export interface RootsHost {
  /** UTF-8 contents, or `undefined` when the path is missing, unreadable or a directory. */
  readTextFile(path: string): Promise<string | undefined>;
  /** Entry names (not paths), or `undefined` when the path is not a readable directory. */
  listDirectory(path: string): Promise<string[] | undefined>;
  isDirectory(path: string): Promise<boolean>;
  /**
   * Symlink-free form of an existing path, or `undefined`. Optional: without it paths are compared
   * as written, which only matters for the linked-worktree back-link check and symlinked folders.
   */
  realPath?(path: string): Promise<string | undefined>;
}

/** Which `node:path` flavour the paths use. */
export type PathStyle = 'posix' | 'win32';

/** What resolution needs to know about the machine and the workspace folder. */
export interface AutoMemoryInput {
  /** Absolute path of the VS Code workspace folder (Claude Code's working directory). */
  workspaceFolder: string;
  homeDir: string;
  /** The environment Claude Code would see; normally the extension host's `process.env`. */
  env: Readonly<Record<string, string | undefined>>;
  /**
   * VS Code workspace trust (in the CLI, a flag); gates `autoMemoryDirectory` from both settings files
   * inside the workspace folder: `settings.local.json` is meant to stay uncommitted, but nothing stops
   * a repository from committing it.
   */
  trusted: boolean;
  /** Defaults to what `workspaceFolder` looks like (drive letter or UNC: win32; else posix). */
  pathStyle?: PathStyle;
}

/** A Claude Code settings file, by its scope. */
export type SettingsScope = 'user-settings' | 'project-settings' | 'local-settings';

/** Where the auto memory folder's location came from. */
export type AutoMemorySource = 'default' | SettingsScope;

/** Why Claude Code is not using the auto memory folder. `message` is English, for logs. */
export interface AutoMemoryDisabledReason {
  by: 'environment' | SettingsScope;
  setting: 'CLAUDE_CODE_DISABLE_AUTO_MEMORY' | 'autoMemoryEnabled' | 'permissions.blockReadsOutsideWorkingDirectories';
  /** The settings file that decided, when `by` is a settings scope. */
  file?: string;
  message: string;
}

/** Stable codes for {@link AutoMemoryWarning}, so the UI can localise them. */
export type AutoMemoryWarningCode =
  | 'settings-invalid-json'
  | 'settings-not-object'
  | 'setting-wrong-type'
  | 'directory-invalid'
  | 'directory-untrusted'
  | 'project-dir-name-invalid'
  | 'long-name-ambiguous';

/** Something was ignored on the way; resolution still produced a folder. */
export interface AutoMemoryWarning {
  code: AutoMemoryWarningCode;
  file?: string;
  message: string;
  /** For `long-name-ambiguous`: the folders that share only the prefix. */
  others?: string[];
}

/** The auto memory folder of one workspace folder, and whether Claude Code uses it. */
export interface AutoMemoryLocation {
  /**
   * Absolute folder path, no trailing separator. An over-long project name is the folder Claude Code
   * 2.1.224+ uses, `<200-character prefix>-<hash of the path>`, whether or not it exists yet.
   */
  path: string;
  exists: boolean;
  loadedByClaude: boolean;
  /** Set exactly when `loadedByClaude` is false. */
  reason?: AutoMemoryDisabledReason;
  source: AutoMemorySource;
  /** The settings file that set the folder, when `source` is not `default`. */
  sourceFile?: string;
  /** The path whose sanitized form names the folder: the main worktree's root, or the workspace folder. */
  projectRoot: string;
  /** `<config dir>/projects`. */
  projectsDir: string;
  /**
   * Present when the sanitized name exceeded {@link MAX_SANITIZED_LENGTH}: its prefix, whether the
   * folder of this project's exact name exists, and folders that share only the prefix (another
   * project's, or one an older Claude Code build named with another hash), never taken for this one.
   */
  longName?: { prefix: string; matched: boolean; others?: string[] };
  warnings: AutoMemoryWarning[];
}

/** Claude Code cuts sanitized project names to this many characters and appends `-<hash>`. */
export const MAX_SANITIZED_LENGTH = 200;

const DISABLE_ENV = 'CLAUDE_CODE_DISABLE_AUTO_MEMORY';

/**
 * Claude Code's `replace(/[^a-zA-Z0-9]/g, '-')`: one dash per UTF-16 code unit, so a character
 * outside the BMP (two code units) becomes two dashes. Matching Claude Code is the point, so no
 * `u` flag. Not cut to length: see {@link projectFolderName}.
 */
export function sanitizeProjectPath(p: string): string {
  return p.replace(/[^a-zA-Z0-9]/g, '-');
}

/** The folder name under `projects/`; an over-long one with the 200-character prefix it shares with other paths. */
export type ProjectFolderName =
  | { truncated: false; name: string }
  | { truncated: true; prefix: string; name: string };

/**
 * Claude Code's project folder name: the sanitized path, or past 200 characters its first 200 and
 * `-` and a base-36 hash of the unsanitized path (`h = h * 31 + code unit`, kept to a signed 32-bit
 * integer, its absolute value), as its bundled `sanitizePath` computes it. Since 2.1.224 a long path
 * is resolved by this exact name only: matching the shared prefix sent one project to another's
 * folder (changelog: "Fixed long (>200 char) project paths resolving to another project's session
 * directory under a shared sanitized prefix").
 */
export function projectFolderName(projectRoot: string): ProjectFolderName {
  const sanitized = sanitizeProjectPath(projectRoot);
  if (sanitized.length <= MAX_SANITIZED_LENGTH) return { truncated: false, name: sanitized };
  const prefix = sanitized.slice(0, MAX_SANITIZED_LENGTH);
  return { truncated: true, prefix, name: `${prefix}-${pathHash(projectRoot)}` };
}

/** Java's `String.hashCode` of the UTF-16 code units, as an unsigned base-36 number. */
export function pathHash(text: string): string {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (hash * 31 + text.charCodeAt(i)) | 0;
  return Math.abs(hash).toString(36);
}

/** `win32` for `C:\...`, `C:/...` and UNC paths, else `posix`. */
export function detectPathStyle(p: string): PathStyle {
  return /^[A-Za-z]:[\\/]/.test(p) || p.startsWith('\\\\') ? 'win32' : 'posix';
}

function pathApi(style: PathStyle): nodePath.PlatformPath {
  return style === 'win32' ? nodePath.win32 : nodePath.posix;
}

function samePath(a: string, b: string, style: PathStyle): boolean {
  return style === 'win32' ? a.toLowerCase() === b.toLowerCase() : a === b;
}

/**
 * The directory holding the `.git` (directory or file) nearest to `folder`, walking up to the
 * file-system root; `undefined` outside git.
 */
export async function findGitRoot(
  folder: string,
  host: RootsHost,
  pathStyle: PathStyle = detectPathStyle(folder),
): Promise<string | undefined> {
  const path = pathApi(pathStyle);
  let current = path.resolve(folder);
  for (;;) {
    const dotGit = path.join(current, '.git');
    if ((await host.isDirectory(dotGit)) || (await host.readTextFile(dotGit)) !== undefined) {
      return current;
    }
    const parent = path.dirname(current);
    if (parent === current) {
      return undefined;
    }
    current = parent;
  }
}

/**
 * The root all worktrees of `folder`'s repository share, as Claude Code computes it: the main
 * worktree's root (the parent of the common `.git`), or the common dir itself for a bare
 * repository. A `.git` file that is not a well-formed linked worktree (a submodule, a forged
 * `gitdir:` whose back-link does not point at this checkout) leaves the checkout's own root, as in
 * Claude Code, which does this to stop a repository from borrowing another one's memory.
 * `undefined` outside git.
 */
export async function findCanonicalGitRoot(
  folder: string,
  host: RootsHost,
  pathStyle: PathStyle = detectPathStyle(folder),
): Promise<string | undefined> {
  const root = await findGitRoot(folder, host, pathStyle);
  if (root === undefined) {
    return undefined;
  }
  const path = pathApi(pathStyle);
  const dotGit = await host.readTextFile(path.join(root, '.git'));
  if (dotGit === undefined) {
    return root;
  }
  const pointer = dotGit.trim();
  if (!pointer.startsWith('gitdir:')) {
    return root;
  }
  const worktreeGitDir = path.resolve(root, pointer.slice('gitdir:'.length).trim());
  const commonDirFile = await host.readTextFile(path.join(worktreeGitDir, 'commondir'));
  if (commonDirFile === undefined) {
    return root;
  }
  const commonDir = path.resolve(worktreeGitDir, commonDirFile.trim());
  if (!samePath(path.dirname(worktreeGitDir), path.join(commonDir, 'worktrees'), pathStyle)) {
    return root;
  }
  const backlinkFile = await host.readTextFile(path.join(worktreeGitDir, 'gitdir'));
  if (backlinkFile === undefined) {
    return root;
  }
  // Git writes a relative back-link (`git worktree add --relative-paths`) relative to the worktree's git dir.
  const backlink = await realPathOf(path.resolve(worktreeGitDir, backlinkFile.trim()), host);
  const realRoot = await realPathOf(root, host);
  if (backlink === undefined || realRoot === undefined || !samePath(backlink, path.join(realRoot, '.git'), pathStyle)) {
    return root;
  }
  return path.basename(commonDir) === '.git' ? path.dirname(commonDir) : commonDir;
}

async function realPathOf(p: string, host: RootsHost): Promise<string | undefined> {
  return host.realPath ? host.realPath(p) : p;
}

interface SettingsFile {
  scope: SettingsScope;
  file: string;
  values: Record<string, unknown>;
}

async function readSettings(
  scope: SettingsScope,
  file: string,
  host: RootsHost,
  warnings: AutoMemoryWarning[],
): Promise<SettingsFile | undefined> {
  const text = await host.readTextFile(file);
  if (text === undefined) {
    return undefined;
  }
  const json = text.replace(/^\uFEFF/, '');
  if (json.trim() === '') {
    return undefined;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    warnings.push({ code: 'settings-invalid-json', file, message: `Ignored ${file}: not valid JSON (${detail}).` });
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    warnings.push({ code: 'settings-not-object', file, message: `Ignored ${file}: not a JSON object.` });
    return undefined;
  }
  return { scope, file, values: parsed as Record<string, unknown> };
}

function envTruthy(value: string): boolean {
  return ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase());
}

function envDefinedFalsy(value: string): boolean {
  return ['0', 'false', 'no', 'off'].includes(value.trim().toLowerCase());
}

/**
 * Expands `~/` and checks the value the way Claude Code does: absolute, not a file-system root or
 * the home folder itself, no UNC, no NUL. Returns the normalised path without trailing separator.
 */
export function resolveMemoryDirectorySetting(
  raw: string,
  homeDir: string,
  pathStyle: PathStyle,
): string | undefined {
  const path = pathApi(pathStyle);
  let candidate = raw;
  if (candidate.startsWith('~/') || (pathStyle === 'win32' && candidate.startsWith('~\\'))) {
    const rest = path.normalize(candidate.slice(2) || '.');
    if (rest === '.' || rest === '..' || rest.startsWith('..' + path.sep)) {
      return undefined;
    }
    candidate = path.join(homeDir, rest);
  }
  if (candidate.includes('\0') || !path.isAbsolute(candidate)) {
    return undefined;
  }
  if (pathStyle === 'win32' && (candidate.startsWith('\\\\') || candidate.startsWith('//'))) {
    return undefined;
  }
  if (pathStyle === 'win32' && !/^[A-Za-z]:/.test(candidate)) {
    return undefined;
  }
  const normalized = path.normalize(candidate);
  if (path.dirname(normalized) === normalized) {
    return undefined;
  }
  return stripTrailingSeparators(normalized, pathStyle);
}

function stripTrailingSeparators(p: string, pathStyle: PathStyle): string {
  const stripped = p.replace(pathStyle === 'win32' ? /[\\/]+$/ : /\/+$/, '');
  return stripped === '' ? p : stripped;
}

/**
 * Claude Code's config folder: `CLAUDE_CONFIG_DIR`, else `~/.claude`. Claude Code uses the variable as
 * it is, so a relative value means a folder relative to Claude Code's working directory: the workspace
 * folder (the CLI: the folder it runs in), never the extension host's own working directory. The one
 * place this is computed: the auto memory folder and the user's CLAUDE.md must agree.
 */
export function claudeConfigDir(
  env: Readonly<Record<string, string | undefined>>,
  homeDir: string,
  workingFolder: string,
  pathStyle: PathStyle = detectPathStyle(workingFolder),
): string {
  const path = pathApi(pathStyle);
  const fromEnv = env['CLAUDE_CONFIG_DIR'];
  return fromEnv
    ? stripTrailingSeparators(path.resolve(workingFolder, fromEnv), pathStyle)
    : path.join(homeDir, '.claude');
}

function configDirOf(input: AutoMemoryInput, pathStyle: PathStyle): string {
  return claudeConfigDir(input.env, input.homeDir, input.workspaceFolder, pathStyle);
}

/** Settings files in the order Claude Code lets them win: local, project, user. */
async function loadSettings(
  input: AutoMemoryInput,
  configDir: string,
  pathStyle: PathStyle,
  host: RootsHost,
  warnings: AutoMemoryWarning[],
): Promise<SettingsFile[]> {
  const path = pathApi(pathStyle);
  const candidates: [SettingsScope, string][] = [
    ['local-settings', path.join(input.workspaceFolder, '.claude', 'settings.local.json')],
    ['project-settings', path.join(input.workspaceFolder, '.claude', 'settings.json')],
    ['user-settings', path.join(configDir, 'settings.json')],
  ];
  const files = await Promise.all(
    candidates.map(([scope, file]) => readSettings(scope, file, host, warnings)),
  );
  return files.filter((f): f is SettingsFile => f !== undefined);
}

function decideDirectory(
  settings: readonly SettingsFile[],
  input: AutoMemoryInput,
  pathStyle: PathStyle,
  warnings: AutoMemoryWarning[],
): { path: string; scope: SettingsScope; file: string } | undefined {
  for (const s of settings) {
    if (!('autoMemoryDirectory' in s.values)) {
      continue;
    }
    const raw = s.values['autoMemoryDirectory'];
    if (typeof raw !== 'string') {
      warnings.push({ code: 'setting-wrong-type', file: s.file, message: `Ignored autoMemoryDirectory in ${s.file}: not a string.` });
      continue;
    }
    if (s.scope !== 'user-settings' && !input.trusted) {
      warnings.push({
        code: 'directory-untrusted',
        file: s.file,
        message: `Ignored autoMemoryDirectory in ${s.file}: the workspace is not trusted.`,
      });
      continue;
    }
    const resolved = resolveMemoryDirectorySetting(raw, input.homeDir, pathStyle);
    if (resolved === undefined) {
      warnings.push({
        code: 'directory-invalid',
        file: s.file,
        message: `Ignored autoMemoryDirectory "${raw}" in ${s.file}: it must be an absolute path or start with ~/, and not be a root; Claude Code uses the default folder.`,
      });
      return undefined;
    }
    return { path: resolved, scope: s.scope, file: s.file };
  }
  return undefined;
}

function decideEnabled(
  settings: readonly SettingsFile[],
  env: AutoMemoryInput['env'],
  warnings: AutoMemoryWarning[],
): AutoMemoryDisabledReason | undefined {
  let envValue: { value: string; from: SettingsFile | undefined } | undefined;
  for (const s of settings) {
    const block = s.values['env'];
    if (typeof block !== 'object' || block === null || !(DISABLE_ENV in block)) {
      continue;
    }
    const value = (block as Record<string, unknown>)[DISABLE_ENV];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      envValue = { value: String(value), from: s };
      break;
    }
  }
  const processValue = env[DISABLE_ENV];
  if (envValue === undefined && processValue !== undefined) {
    envValue = { value: processValue, from: undefined };
  }
  if (envValue !== undefined) {
    if (envTruthy(envValue.value)) {
      const where = envValue.from ? `the env block of ${envValue.from.file}` : 'the environment';
      return {
        by: envValue.from?.scope ?? 'environment',
        setting: DISABLE_ENV,
        ...(envValue.from ? { file: envValue.from.file } : {}),
        message: `${DISABLE_ENV}=${envValue.value} in ${where} turns auto memory off.`,
      };
    }
    if (envDefinedFalsy(envValue.value)) {
      return undefined;
    }
  }
  for (const s of settings) {
    if (!('autoMemoryEnabled' in s.values)) {
      continue;
    }
    const value = s.values['autoMemoryEnabled'];
    if (typeof value !== 'boolean') {
      warnings.push({ code: 'setting-wrong-type', file: s.file, message: `Ignored autoMemoryEnabled in ${s.file}: not true or false.` });
      continue;
    }
    return value
      ? undefined
      : { by: s.scope, setting: 'autoMemoryEnabled', file: s.file, message: `autoMemoryEnabled is false in ${s.file}.` };
  }
  return undefined;
}

const BLOCK_READS = 'blockReadsOutsideWorkingDirectories';

/**
 * A folder the repository's own `.claude/settings.json` chose is inert where reads outside the working
 * folders are blocked (`permissions.blockReadsOutsideWorkingDirectories` in any settings file): Claude
 * Code 2.1.328 then loads no auto memory at all, the folder's index or the default's, even when the
 * chosen folder lies inside the project (run against the client).
 */
function blockedDirectory(settings: readonly SettingsFile[], directory: { scope: SettingsScope } | undefined): AutoMemoryDisabledReason | undefined {
  if (directory?.scope !== 'project-settings') return undefined;
  for (const s of settings) {
    const permissions = s.values['permissions'];
    if (typeof permissions === 'object' && permissions !== null && (permissions as Record<string, unknown>)[BLOCK_READS] === true) {
      return {
        by: s.scope,
        setting: `permissions.${BLOCK_READS}`,
        file: s.file,
        message: `permissions.${BLOCK_READS} in ${s.file} makes the autoMemoryDirectory the project's settings chose inert: Claude Code loads no auto memory.`,
      };
    }
  }
  return undefined;
}

/**
 * Paths Claude Code might have named the folder after. Its working directory may differ from the
 * path VS Code reports in Unicode normalisation (Korean names on macOS: NFC vs NFD changes the
 * number of dashes), in the case of a Windows drive letter, or by symlinks.
 */
async function rootSpellings(root: string, pathStyle: PathStyle, host: RootsHost): Promise<string[]> {
  const spellings = [root, root.normalize('NFC'), root.normalize('NFD')];
  const real = host.realPath ? await host.realPath(root) : undefined;
  if (real !== undefined) {
    spellings.push(real, real.normalize('NFC'));
  }
  const normalised =
    pathStyle === 'win32' ? spellings.map((s) => s.replace(/^[a-z]:/, (d) => d.toUpperCase())) : spellings;
  return [...new Set(normalised)];
}

async function defaultFolder(
  projectRoot: string,
  projectsDir: string,
  input: AutoMemoryInput,
  pathStyle: PathStyle,
  host: RootsHost,
  warnings: AutoMemoryWarning[],
): Promise<Pick<AutoMemoryLocation, 'path' | 'longName'>> {
  const path = pathApi(pathStyle);
  const override = input.env['CLAUDE_CODE_PROJECT_DIR_NAME'];
  // Claude Code (2.1.234+) uses this name as is, and only together with CLAUDE_CONFIG_DIR.
  if (override && input.env['CLAUDE_CONFIG_DIR']) {
    if (override !== '.' && override !== '..' && !/[\\/\0]/.test(override)) {
      return { path: path.join(projectsDir, override, 'memory') };
    }
    warnings.push({
      code: 'project-dir-name-invalid',
      message: `Ignored CLAUDE_CODE_PROJECT_DIR_NAME "${override}": not a single folder name.`,
    });
  }
  const names = (await rootSpellings(projectRoot, pathStyle, host)).map(projectFolderName);
  const first = names[0]!;
  for (const n of names) {
    if (await host.isDirectory(path.join(projectsDir, n.name))) {
      return { path: path.join(projectsDir, n.name, 'memory'), ...(n.truncated ? { longName: { prefix: n.prefix, matched: true } } : {}) };
    }
  }
  if (!first.truncated) return { path: path.join(projectsDir, first.name, 'memory') };
  // The exact folder is not there yet. Folders sharing only the prefix are another project's, or this
  // one's under an older build's hash: Claude Code no longer reads them for this project, so neither
  // is shown as its memory; the person is told they exist.
  const others = await prefixFolders(names, projectsDir, pathStyle, host);
  if (others.length > 0) {
    warnings.push({
      code: 'long-name-ambiguous',
      others,
      message: `Folders share the prefix of this project's over-long name but not its name (${others.join(', ')}); Claude Code 2.1.224+ reads ${first.name}, which does not exist yet.`,
    });
  }
  return { path: path.join(projectsDir, first.name, 'memory'), longName: { prefix: first.prefix, matched: false, ...(others.length > 0 ? { others } : {}) } };
}

/** Folders under `projects/` named `<prefix>-<base-36 hash>` for one of the prefixes, other than the exact names. */
async function prefixFolders(names: readonly ProjectFolderName[], projectsDir: string, pathStyle: PathStyle, host: RootsHost): Promise<string[]> {
  const fold = (s: string): string => (pathStyle === 'win32' ? s.toLowerCase() : s);
  const exact = new Set(names.map((n) => fold(n.name)));
  const prefixes = [...new Set(names.flatMap((n) => (n.truncated ? [fold(n.prefix + '-')] : [])))];
  const entries = (await host.listDirectory(projectsDir)) ?? [];
  return entries
    .filter((entry) => !exact.has(fold(entry)) && prefixes.some((prefix) => fold(entry).startsWith(prefix) && /^[0-9a-z]+$/i.test(entry.slice(prefix.length))))
    .sort();
}

/** Locates the auto memory folder of `input.workspaceFolder`. Never throws for bad settings files. */
export async function resolveAutoMemory(input: AutoMemoryInput, host: RootsHost): Promise<AutoMemoryLocation> {
  const pathStyle = input.pathStyle ?? detectPathStyle(input.workspaceFolder);
  const path = pathApi(pathStyle);
  const warnings: AutoMemoryWarning[] = [];
  const configDir = configDirOf(input, pathStyle);
  const projectsDir = path.join(configDir, 'projects');
  const workspaceFolder = stripTrailingSeparators(path.resolve(input.workspaceFolder), pathStyle);
  const projectRoot = (await findCanonicalGitRoot(workspaceFolder, host, pathStyle)) ?? workspaceFolder;
  const settings = await loadSettings({ ...input, workspaceFolder }, configDir, pathStyle, host, warnings);

  const directory = decideDirectory(settings, input, pathStyle, warnings);
  const reason = decideEnabled(settings, input.env, warnings) ?? blockedDirectory(settings, directory);
  const located: Pick<AutoMemoryLocation, 'path' | 'source' | 'sourceFile' | 'longName'> = directory
    ? { path: directory.path, source: directory.scope, sourceFile: directory.file }
    : { ...(await defaultFolder(projectRoot, projectsDir, input, pathStyle, host, warnings)), source: 'default' };
  const exists = await host.isDirectory(located.path);

  return {
    ...located,
    exists,
    loadedByClaude: reason === undefined,
    ...(reason ? { reason } : {}),
    projectRoot,
    projectsDir,
    warnings,
  };
}
