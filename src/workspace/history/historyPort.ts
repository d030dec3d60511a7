/** Who wrote a version, as far as Memory Shelf can tell. */
export type VersionAuthor = 'agent' | 'person' | 'unknown';

/** One recorded version of one file of a root, or its deletion (`hash` is ''). */
export interface RecordedVersion {
  readonly path: string;
  /** sha256 of the file's bytes, or '' for a deletion. */
  readonly hash: string;
  /** Milliseconds since the epoch. */
  readonly time: number;
  readonly author: VersionAuthor;
  /** What saw it: load, disk-change, save, before-edit, restore, hook-pre, hook-post, cli… */
  readonly source: string;
  readonly sessionId?: string;
  readonly tool?: string;
}

/** How a version came to be recorded. */
export interface VersionOrigin {
  readonly author: VersionAuthor;
  readonly source: string;
  readonly sessionId?: string;
  readonly tool?: string;
}

/** One file's bytes to record. */
export interface VersionToRecord {
  readonly path: string;
  /** The file's bytes, or null for a deletion. */
  readonly bytes: Uint8Array | null;
  readonly origin: VersionOrigin;
}

/** A root's approvals as the review may trust them (see core/history/approvalSeal). */
export interface ApprovalsRead {
  readonly approved: Map<string, string>;
  /** Paths whose approval record changed outside Memory Shelf (an agent's shell, a script): not approved. */
  readonly changedOutside: ReadonlySet<string>;
  /** Lines of the approval record were taken out outside Memory Shelf: what they approved waits again. */
  readonly linesRemoved: boolean;
}

/** How a root's approvals started: what was there when first seen counted as reviewed, or nothing. */
export type ApprovalMode = 'from-now' | 'everything';

/** Approvals VS Code's storage kept before the shared history: path -> hash of the text (core's contentHash). */
export interface LegacyApprovals {
  readonly mode: ApprovalMode;
  readonly approved: Readonly<Record<string, string>>;
}

/**
 * What the extension needs of the shared history store (src/history), one root at a time, named by
 * its folder's file-system path (how the CLI and Claude Code's hook name it too). Any call may fail (a
 * full disk, a broken folder): callers log and go on; a history never stops the extension.
 */
export interface HistoryPort {
  /** The history's folder (approvals written there by the CLI are followed). */
  readonly dir: string;
  /** Records each version whose hash differs from its path's latest; resolves to the versions written. */
  record(root: string, versions: readonly VersionToRecord[]): Promise<RecordedVersion[]>;
  /** The newest event of every path the root's history knows. */
  latest(root: string): Promise<Map<string, RecordedVersion>>;
  /** The newest event of one path (found from the log's end: cheap), for what the hook wrote meanwhile. */
  latestOf(root: string, path: string): Promise<RecordedVersion | undefined>;
  /** Every version of one path, newest first (a deletion has hash ''). */
  versions(root: string, path: string): Promise<RecordedVersion[]>;
  /** The bytes of a version, or undefined when they are not kept (pruned, never stored). */
  blob(root: string, hash: string): Promise<Uint8Array | undefined>;
  /**
   * What a person approved, path -> hash, from the approval lines Memory Shelf wrote; a path whose
   * approval record was added or altered by something else is left out and named.
   */
  approvals(root: string): Promise<ApprovalsRead>;
  /** Approves `bytes` at each path (kept, pinned), or withdraws the approval where `bytes` is null. */
  approve(root: string, approvals: readonly { readonly path: string; readonly bytes: Uint8Array | null }[]): Promise<void>;
  /** How the root's approvals started; undefined for a root never seen. */
  mode(root: string): Promise<ApprovalMode | undefined>;
  setMode(root: string, mode: ApprovalMode): Promise<void>;
  /**
   * Imports the approvals VS Code's storage kept, once per root: each hash is matched to the bytes of
   * the file now or of the old approved copy.
   */
  importLegacy(root: string, record: LegacyApprovals, legacyCopy: (hash: string) => Promise<Uint8Array | undefined>, current: (path: string) => Promise<Uint8Array | undefined>): Promise<void>;
  /**
   * Replaces every version of `path` that holds a secret with a redacted copy (nothing restores the
   * secret after); with `dryRun`, only counts them. Resolves to how many versions hold one.
   */
  purgeSecret(root: string, path: string, dryRun: boolean): Promise<number>;
  /** Brings the history under its bound (a no-op when another process is pruning). */
  prune(maxBytes: number): Promise<void>;
}
