/**
 * The file-system operations the root reader needs, so one reader serves the CLI (node:fs), the
 * extension (`vscode.workspace.fs`) and tests (a fake). Paths are absolute, in the host's own
 * {@link ReaderHost.pathStyle}; the reader only joins names onto them and compares them.
 */
export interface ReaderHost {
  readonly pathStyle: 'posix' | 'win32';
  /**
   * Whether {@link realPath} can say where a symbolic link leads. A host that cannot (a virtual file
   * system) gets every linked file refused: a link that cannot be checked could lead anywhere.
   */
  readonly resolvesLinks: boolean;
  /** The folder's entries, links not followed. Throws (with an errno-style `code`) when it cannot be listed. */
  readDirectory(folder: string): Promise<readonly DirectoryEntry[]>;
  /** The link-free form of an existing path; `undefined` when it leads nowhere or cannot be known. */
  realPath(path: string): Promise<string | undefined>;
  /** What is at `path` once links are followed; `undefined` when nothing is. */
  kindOf(path: string): Promise<EntryKind | undefined>;
  /**
   * Reads `path` only if it is a regular file, and never more than `maxBytes` (or, with
   * `prefixWhenLarger`, exactly the first `maxBytes` of a larger file). Never throws.
   */
  readRegularFile(path: string, options: ReadOptions): Promise<HostRead>;
}

/** `other` is anything that is not a file, folder or link: a FIFO, a device, a socket. */
export type EntryKind = 'file' | 'directory' | 'symlink' | 'other';

export interface DirectoryEntry {
  readonly name: string;
  readonly kind: EntryKind;
  /** The name on disk is not UTF-8: `name` holds U+FFFD in its place and opens nothing. */
  readonly nameNotUtf8?: true;
}

export interface ReadOptions {
  readonly maxBytes: number;
  readonly prefixWhenLarger: boolean;
}

/** What the host knows of a file's version: enough to tell that it changed. */
export interface FileStamp {
  readonly size: number;
  readonly mtimeMs: number;
}

export type HostRead =
  | { readonly kind: 'read'; readonly bytes: Uint8Array; readonly stamp: FileStamp; readonly truncated: boolean }
  | { readonly kind: 'too-large'; readonly stamp: FileStamp }
  | { readonly kind: 'not-regular'; readonly what: 'directory' | 'other' }
  | { readonly kind: 'missing' }
  /** The file changed while it was read (size or time moved, or it became a link). */
  | { readonly kind: 'changed' }
  | { readonly kind: 'error'; readonly code: string };
