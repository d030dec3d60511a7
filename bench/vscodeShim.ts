import { readdir, readFile, stat } from 'node:fs/promises';
import * as nodePath from 'node:path';

/**
 * The few `vscode` APIs the extension's load path touches (its reader host over workspace.fs, the
 * memory root, diagnostics), over node:fs, so `npm run bench` can run that path outside VS Code. The
 * bench bundle aliases `vscode` to this file. In the real extension host, `workspace.fs` on `file:`
 * URIs is also served in-process by a node:fs provider, so the costs compare; the real figure is
 * printed by test/integration/loadTiming.test.ts.
 */
export enum FileType {
  Unknown = 0,
  File = 1,
  Directory = 2,
  SymbolicLink = 64,
}

export enum DiagnosticSeverity {
  Error = 0,
  Warning = 1,
  Information = 2,
  Hint = 3,
}

export enum DiagnosticTag {
  Unnecessary = 1,
  Deprecated = 2,
}

export class FileSystemError extends Error {
  constructor(message: string, readonly code: string) {
    super(message);
  }
}

export class Uri {
  private constructor(readonly scheme: string, readonly authority: string, readonly path: string) {}

  static file(path: string): Uri {
    return new Uri('file', '', path);
  }

  /** What the extension parses while the bench loads a root: a diagnostic's rule page (`https://…`). */
  static parse(value: string): Uri {
    const url = new URL(value);
    return new Uri(url.protocol.replace(/:$/, ''), url.host, decodeURIComponent(url.pathname));
  }

  static joinPath(base: Uri, ...segments: string[]): Uri {
    return new Uri(base.scheme, base.authority, nodePath.posix.join(base.path, ...segments));
  }

  get fsPath(): string {
    return this.path;
  }

  with(change: { scheme?: string; authority?: string; path?: string }): Uri {
    return new Uri(change.scheme ?? this.scheme, change.authority ?? this.authority, change.path ?? this.path);
  }

  toString(): string {
    return `${this.scheme}://${this.authority}${this.path}`;
  }
}

export class Position {
  constructor(readonly line: number, readonly character: number) {}
}

export class Range {
  constructor(readonly start: Position, readonly end: Position) {}
}

export class Location {
  constructor(readonly uri: Uri, readonly range: Range) {}
}

export class DiagnosticRelatedInformation {
  constructor(readonly location: Location, readonly message: string) {}
}

export class Diagnostic {
  source?: string;
  code?: string;
  relatedInformation?: DiagnosticRelatedInformation[];
  tags?: DiagnosticTag[];
  constructor(readonly range: Range, readonly message: string, readonly severity: DiagnosticSeverity) {}
}

const typeOf = (entry: { isFile(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean }): FileType =>
  entry.isSymbolicLink() ? FileType.SymbolicLink : entry.isDirectory() ? FileType.Directory : entry.isFile() ? FileType.File : FileType.Unknown;

export const workspace = {
  fs: {
    async readDirectory(uri: Uri): Promise<[string, FileType][]> {
      const entries = await readdir(uri.fsPath, { withFileTypes: true });
      return entries.map((entry) => [entry.name, typeOf(entry)]);
    },
    async stat(uri: Uri): Promise<{ type: FileType; size: number; mtime: number }> {
      const found = await stat(uri.fsPath);
      return { type: typeOf(found), size: found.size, mtime: found.mtimeMs };
    },
    async readFile(uri: Uri): Promise<Uint8Array> {
      return readFile(uri.fsPath);
    },
  },
};

/** Templates filled as the English bundle does: `{0}` by the first argument. */
export const l10n = {
  t(template: string, ...args: unknown[]): string {
    return template.replace(/\{(\d+)\}/g, (whole, index: string) => (Number(index) < args.length ? String(args[Number(index)]) : whole));
  },
};
