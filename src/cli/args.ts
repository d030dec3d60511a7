import { AUTO_SHAPE, SEVERITY_ORDER, type Severity, type ShapeSetting } from '../core';

/** What `memory-shelf check` was asked to do. */
export interface CheckOptions {
  readonly roots: readonly string[];
  /** With `--files`: the ROOT arguments are files; their roots are checked and only their problems shown. */
  readonly files: boolean;
  readonly format: OutputFormat;
  readonly failOn: Severity;
  readonly fix: boolean;
  /** `claude-code`, `madohub`, or a comma-separated custom list. */
  readonly types: string | undefined;
  /** Globs of documentation files that are not memories (`README.md` always is one). */
  readonly exclude: readonly string[];
  /** Honour `autoMemoryDirectory` in the checked folder's own `.claude/settings*.json` (with no ROOT). */
  readonly trustClaudeSettings: boolean;
  /** The root shape forced by `--shape`; `auto` axes are read from each root's files. */
  readonly shape: ShapeSetting;
  /** `--no-cache`: check every root from scratch, and keep nothing. */
  readonly noCache: boolean;
}

export const OUTPUT_FORMATS = ['text', 'json', 'sarif', 'github'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** What `memory-shelf preview` was asked to do. */
export interface PreviewOptions {
  readonly folder: string | undefined;
  readonly json: boolean;
  /** `--with-text`: each part's text as Claude Code sends it, in the JSON. */
  readonly withText: boolean;
  /** `--trust-claude-settings`: honour the project's own `.claude/settings*.json` (autoMemoryDirectory), as Claude Code does once the folder is trusted. */
  readonly trustClaudeSettings: boolean;
}

export type ParsedArgs =
  | { readonly kind: 'check'; readonly options: CheckOptions }
  | { readonly kind: 'preview'; readonly options: PreviewOptions }
  | { readonly kind: 'lsp'; readonly noCache: boolean }
  | { readonly kind: 'cache'; readonly action: 'where' | 'clear' }
  | { readonly kind: 'help' }
  | { readonly kind: 'version' };

export class UsageError extends Error {}

export const USAGE = `Usage: memory-shelf check [ROOT...] [--format text|json|sarif|github] [--fail-on error|warning|information|hint] [--fix] [--types claude-code|madohub|a,b,c] [--exclude GLOB]... [--shape S] [--trust-claude-settings] [--no-cache]
       memory-shelf check --files FILE... [--format F] [--fail-on S] [--types T] [--exclude GLOB]... [--shape S]

Checks memory folders (one fact per Markdown file, a MEMORY.md index) with the same rules as the
Memory Shelf extension. With no ROOT: ./memory if it exists, else Claude Code's auto memory folder of
the current directory.

  --format F    text (compiler-style lines, the default), json (one object), sarif (SARIF 2.1.0
                for code scanning) or github (workflow commands: annotations on a pull request)
  --json        the same as --format json
  --files       the arguments are memory files (as a pre-commit hook passes them): their folders
                are checked and only problems in those files are reported; other files are ignored
  --fail-on S   exit 1 when a problem is at or above severity S (default: warning)
  --fix         apply the safe fixes (index entries for unlisted files, relative dates -> absolute), then report what is left
  --types T     the memory type set: claude-code (default), madohub, or a comma-separated list
  --exclude G   a documentation file, not a memory (a glob, repeatable; README.md always is one)
  --shape S     how the roots are written, when not as their files show: typed or untyped (durable
                lessons, metadata.pinned), written-index or generated-index (no MEMORY.md); comma-separated
  --trust-claude-settings
                with no ROOT, let autoMemoryDirectory in ./.claude/settings.json or
                ./.claude/settings.local.json choose the folder. Off by default: those files come with
                the repository, and a cloned one could name any folder. The folder is then named on
                stderr, and --fix writes only inside it.
  --no-cache    check every root from scratch. Without it a root whose files, options and git HEAD
                are as at the last check the same day gets that check's results again (kept in the
                user's cache folder, never the repository; see memory-shelf cache).

Exit status: 0 no problem at or above --fail-on, 1 some, 2 usage error or unreadable root.

Usage: memory-shelf preview [FOLDER] [--json [--with-text]] [--trust-claude-settings]

Prints what Claude Code loads at session start in FOLDER (default: the current directory), in load
order: managed, user and project CLAUDE.md files and their @imports, .claude/rules, AGENTS.md where
no CLAUDE.md is found, the auto memory index up to its cut (or the index Claude Code will write where
there is none), and subagent indexes, with characters, lines, estimated tokens and what is cut;
pinned lessons and a team index without team stores are listed as not loaded. --with-text adds each
part's text to the JSON exactly as Claude Code sends it (the auto index neutralized, its cut warning
appended). --trust-claude-settings honours the project's own .claude/settings*.json (its
autoMemoryDirectory), as Claude Code does in a trusted folder; a cloned repository is not trusted by
default. Exit status: 0, or 1 when an index is cut, 2 on a usage error.

Usage: memory-shelf review [ROOT] [--approve PATH|--all|--session ID] [--reject PATH] [--restore PATH [--version HASH]] [--format text|json]
       memory-shelf hook install|uninstall [--project|--user] [--gate] [--dry-run]
       memory-shelf history [where|size|prune|clear [--root ROOT]]

What an agent changed, created or deleted since a person approved it, and the Claude Code hook that
records agent writes (and, with --gate, blocks writes to approved memories). \`memory-shelf review --help\`,
\`memory-shelf hook --help\` and \`memory-shelf history --help\` say more.

Usage: memory-shelf cache where|clear

Where check keeps its results between runs ($XDG_CACHE_HOME/memory-shelf or ~/.cache/memory-shelf,
~/Library/Caches/memory-shelf, %LOCALAPPDATA%\\memory-shelf\\Cache; MEMORY_SHELF_CACHE_DIR
overrides), and removing them.

Usage: memory-shelf lsp [--stdio] [--no-cache]

Runs the Memory Shelf language server on stdin and stdout, for editors with an LSP client (Neovim,
Helix, Zed): diagnostics, quick fixes, [[link]] navigation, completion, hover, references, rename and
MEMORY.md lenses, for the memory folders of the editor's workspace folders. It reads and keeps what
each memory showed the rules that read it alone in check's cache; --no-cache leaves it out. See docs/lsp.md.`;

export function parseArgs(argv: readonly string[]): ParsedArgs {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') return { kind: 'help' };
  if (command === '--version' || command === '-v') return { kind: 'version' };
  if (command === 'preview') return parsePreview(rest);
  // `--stdio` is what LSP clients (nvim-lspconfig, vscode-languageclient) pass by habit: stdio is the only transport.
  if (command === 'lsp') {
    const unknown = rest.find((arg) => arg !== '--stdio' && arg !== '--no-cache');
    if (unknown !== undefined) throw new UsageError(`unknown option "${unknown}"`);
    return { kind: 'lsp', noCache: rest.includes('--no-cache') };
  }
  if (command === 'cache') {
    const [action, ...extra] = rest;
    if (action === '--help' || action === '-h') return { kind: 'help' };
    if (action !== 'where' && action !== 'clear') throw new UsageError('cache takes where or clear');
    if (extra.length > 0) throw new UsageError(`unknown option "${extra[0]}"`);
    return { kind: 'cache', action };
  }
  if (command !== 'check') throw new UsageError(`unknown command "${command}"`);
  const roots: string[] = [];
  let format: OutputFormat = 'text';
  let files = false;
  let fix = false;
  let trustClaudeSettings = false;
  let failOn: Severity = 'warning';
  let types: string | undefined;
  const exclude: string[] = [];
  let shape: ShapeSetting = AUTO_SHAPE;
  let noCache = false;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    const [flag, inlineValue] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string => {
      const next = inlineValue ?? rest[++i];
      if (next === undefined || (inlineValue === undefined && next.startsWith('--'))) throw new UsageError(`${flag} needs a value`);
      return next;
    };
    switch (flag) {
      case '--json':
        format = 'json';
        break;
      case '--format': {
        const name = value();
        if (!(OUTPUT_FORMATS as readonly string[]).includes(name)) throw new UsageError(`--format must be one of ${OUTPUT_FORMATS.join(', ')}, not "${name}"`);
        format = name as OutputFormat;
        break;
      }
      case '--files':
        files = true;
        break;
      case '--fix':
        fix = true;
        break;
      case '--trust-claude-settings':
        trustClaudeSettings = true;
        break;
      case '--no-cache':
        noCache = true;
        break;
      case '--fail-on': {
        const level = value();
        if (!(SEVERITY_ORDER as readonly string[]).includes(level)) throw new UsageError(`--fail-on must be one of ${SEVERITY_ORDER.join(', ')}, not "${level}"`);
        failOn = level as Severity;
        break;
      }
      case '--types':
        types = value();
        break;
      case '--exclude':
        exclude.push(value());
        break;
      case '--shape':
        shape = parseShape(value(), shape);
        break;
      case '--help':
      case '-h':
        return { kind: 'help' };
      default:
        if (arg.startsWith('-') && arg !== '-') throw new UsageError(`unknown option "${arg}"`);
        roots.push(arg);
    }
  }
  // A hook passes the staged files; fixing their whole folders would write files nobody staged.
  if (files && fix) throw new UsageError('--fix cannot be combined with --files');
  return { kind: 'check', options: { roots, files, format, failOn, fix, types, exclude, trustClaudeSettings, shape, noCache } };
}

function parseShape(value: string, shape: ShapeSetting): ShapeSetting {
  let { typing, index } = shape;
  for (const part of value.split(',').map((item) => item.trim())) {
    if (part === 'typed' || part === 'untyped') typing = part;
    else if (part === 'written-index') index = 'written';
    else if (part === 'generated-index') index = 'generated';
    else if (part !== 'auto') throw new UsageError(`--shape takes typed, untyped, written-index, generated-index or auto, not "${part}"`);
  }
  return { typing, index };
}

function parsePreview(rest: readonly string[]): ParsedArgs {
  let folder: string | undefined;
  let json = false;
  let withText = false;
  let trustClaudeSettings = false;
  for (const arg of rest) {
    if (arg === '--json') json = true;
    else if (arg === '--with-text') withText = true;
    else if (arg === '--trust-claude-settings') trustClaudeSettings = true;
    else if (arg === '--help' || arg === '-h') return { kind: 'help' };
    else if (arg.startsWith('-') && arg !== '-') throw new UsageError(`unknown option "${arg}"`);
    else if (folder === undefined) folder = arg;
    else throw new UsageError('preview takes one FOLDER');
  }
  if (withText && !json) throw new UsageError('--with-text needs --json');
  return { kind: 'preview', options: { folder, json, withText, trustClaudeSettings } };
}
