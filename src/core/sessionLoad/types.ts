/**
 * What Claude Code puts in context at session start, as a model: the files it would look at (in its
 * load order, with their texts as read) in, an ordered list of parts out. No file system here; a host
 * gathers the files (see `src/rootLocations/sessionFiles.ts`).
 */

/** Which of Claude Code's sources a file is loaded as. */
export type PartKind =
  | 'managed'
  | 'user'
  | 'user-rule'
  | 'project'
  | 'project-rule'
  | 'local'
  /** An AGENTS.md, loaded where no CLAUDE.md, `.claude/CLAUDE.md` or CLAUDE.local.md is found in the project's folders. */
  | 'agents'
  | 'import'
  | 'auto-index'
  | 'team-index'
  | 'pinned'
  | 'agent-index';

/** Why a part that exists is not loaded, or loaded only sometimes. */
export type DisabledReason =
  /** `CLAUDE_CODE_DISABLE_AUTO_MEMORY`, in the environment or a settings file's `env` block. */
  | { readonly by: 'environment'; readonly variable: string }
  /** A settings key (`autoMemoryEnabled: false`, `claudeMdExcludes`) in the named settings file. */
  | { readonly by: 'setting'; readonly setting: string; readonly file?: string }
  /** Claude Code reads the project's files only once the folder is trusted. */
  | { readonly by: 'trust' };

/** What a host could read of one file. `text` is absent when the file could not be read. */
export interface SourceFile {
  readonly path: string;
  readonly text?: string;
  /** Why `text` is absent: nothing there, refused by the reader (not a regular file, too large, not UTF-8), or not text. */
  readonly problem?: 'missing' | 'unreadable' | 'too-large' | 'binary';
  /** Last modification as the host read it: orders the index Claude Code generates. */
  readonly mtimeMs?: number;
  /** Where the file really is, links followed, when the host can say. */
  readonly realPath?: string;
}

/** A file Claude Code looks for at session start, in its load order. */
export interface SessionEntry {
  readonly kind: Exclude<PartKind, 'import'>;
  readonly path: string;
  /** For `agent-index`: the subagent whose context it loads into, not the main session's. */
  readonly agent?: string;
  readonly disabledBy?: DisabledReason;
}

/** Everything {@link buildSessionLoad} needs: the entries in order and the text of every file read, imports included. */
export interface SessionInput {
  readonly entries: readonly SessionEntry[];
  /** Keyed by the exact path an entry or a resolved import names. */
  readonly files: ReadonlyMap<string, SourceFile>;
  readonly homeDir: string;
  readonly pathStyle: 'posix' | 'win32';
  /** The auto memory index limits; defaults to Claude Code's 200 lines / 25,000 characters. */
  readonly indexLimits?: { readonly maxLines: number; readonly maxChars: number };
  /** The project folder, to tell imports that reach outside it (Claude Code asks before loading those). */
  readonly projectRoot?: string;
  /** The project folder's real path: an import named inside it may lead out through a link. */
  readonly projectRealRoot?: string;
  /** The project approved imports from outside it (`hasClaudeMdExternalIncludesApproved` in `~/.claude.json`). */
  readonly externalImportsApproved?: boolean;
  /** `CLAUDE_MEMORY_STORES` is set: team memory stores are configured, so a team index may load. */
  readonly teamStores?: boolean;
  /** The auto memory folder has no MEMORY.md: the index text given is the one Claude Code writes at the next start. */
  readonly generatedIndex?: string;
  /** Paths that name a file already read under another path (through a link): path -> that first path. */
  readonly sameFile?: ReadonlyMap<string, string>;
}

/** Why a file Claude Code could load is not in the session's start. */
export type NotLoadedReason =
  /** An AGENTS.md where the project has a CLAUDE.md, `.claude/CLAUDE.md` or CLAUDE.local.md (`by`). */
  | { readonly why: 'claude-md-present'; readonly by: string }
  /** A pinned lesson: since 2.1.285 neither its body nor its name is loaded at start. */
  | { readonly why: 'pinned' }
  /** `team/MEMORY.md` without team memory stores configured. */
  | { readonly why: 'no-team-stores' };

/** What became of a part. */
export type PartStatus =
  | 'loaded'
  /** A rule with `paths:` globs: loaded when Claude reads a matching file, not at session start. */
  | 'conditional'
  | 'disabled'
  /** An `@import` whose target is absent or unreadable. */
  | 'missing'
  /** An `@import` of a file already on the import chain above it. */
  | 'cycle'
  /** An `@import` of a file already loaded elsewhere; Claude Code loads each file once. */
  | 'duplicate'
  /** An `@import` past the depth Claude Code follows. */
  | 'too-deep'
  /** An `@import` outside the project from a project file, before the project approved such imports: Claude Code asks first, and `-p` loads none. */
  | 'needs-approval'
  /** Present, but not loaded at start (see `notLoaded`). */
  | 'not-loaded';

/** Size of some text as Claude Code would see it. */
export interface TextSize {
  /** UTF-16 code units, as JavaScript counts `length`. */
  readonly chars: number;
  readonly lines: number;
  /** A rough estimate (see `estimateTokens`), not a tokenizer's count. */
  readonly tokens: number;
}

/** One part of the session's context, in load order. */
export interface SessionPart extends TextSize {
  readonly kind: PartKind;
  readonly path: string;
  readonly status: PartStatus;
  /** Import hops from the file Claude Code looked for (0 for that file). */
  readonly depth: number;
  /** The file whose `@path` brought this one in. */
  readonly importedFrom?: string;
  /** The `@path` as written. */
  readonly importRef?: string;
  readonly agent?: string;
  readonly disabledBy?: DisabledReason;
  /** The `paths:` globs of a conditional rule. */
  readonly globs?: readonly string[];
  /** An import outside the project folder: Claude Code asks once before it loads it. */
  readonly external?: boolean;
  /**
   * An import a project file (CLAUDE.md, a rule, AGENTS.md: what a repository brings) makes of a file
   * outside the project, by its name or its real path (`@~/.aws/credentials`, a link to one): a preview
   * names it but does not show its text, which is the user's, not the repository's.
   */
  readonly leavesProject?: true;
  /** Why a part is `missing`: absent, or refused by the reader. */
  readonly problem?: SourceFile['problem'];
  /** Why a part is `not-loaded`. */
  readonly notLoaded?: NotLoadedReason;
  /** Claude Code's own words for the source, as its context names each file (`project instructions, checked into the codebase`). */
  readonly label?: string;
  /** An index Claude Code will write at the next session start, there being no MEMORY.md yet. */
  readonly generated?: true;
  /**
   * For an index: the topic indexes its loaded lines link (`index-auth.md`, `billing/INDEX.md`), which
   * Claude Code reads when a topic comes up, not at the start of a session (issue #39).
   */
  readonly readOnDemand?: readonly string[];
  /** Poisoning found in the text as sent, counted by kind (`hidden-text`, `channel-markup`, `planted-instruction`). */
  readonly poison?: Readonly<Record<string, number>>;
  /**
   * The content exactly as Claude Code sends it: frontmatter and whole-line HTML comments left out and
   * trimmed; an entrypoint index also neutralized and, when cut, followed by Claude Code's warning line.
   */
  readonly text: string;
  /** What the load leaves out past a limit (an index over 200 lines or 25,000 characters). */
  readonly cut?: TextSize & { readonly text: string; readonly limit: 'lines' | 'chars' };
}

/** Sums over a set of parts. */
export interface SessionTotals extends TextSize {
  readonly files: number;
}

/** The session preview: parts in load order, and what they add up to. */
export interface SessionLoad {
  readonly parts: readonly SessionPart[];
  /** What the main session loads at start (subagent indexes and conditional rules not counted). */
  readonly totals: SessionTotals;
  /** What limits leave out. */
  readonly cut: SessionTotals;
  /** Conditional rules, were all of them to apply. */
  readonly conditional: SessionTotals;
  /** Each subagent's own start, by agent name. */
  readonly agents: ReadonlyMap<string, SessionTotals>;
}
