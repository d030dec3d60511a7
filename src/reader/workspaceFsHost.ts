import { realpath } from 'node:fs/promises';
import * as vscode from 'vscode';
import { errorCode } from './errorCode';
import { readRegularNodeFile } from './nodeReaderHost';
import type { EntryKind, HostRead, ReaderHost, ReadOptions } from './readerHost';

/**
 * {@link ReaderHost} over `vscode.workspace.fs`, for the extension: paths are the `path` part of URIs
 * sharing `base`'s scheme and authority (posix-style), so remote and virtual workspaces are listed
 * the same way. On `file:` roots links are resolved and files read through node:fs, which can refuse
 * a FIFO or a device through the open handle and read a bounded prefix; elsewhere a linked file
 * cannot be checked and is refused.
 */
export class WorkspaceFsReaderHost implements ReaderHost {
  readonly pathStyle = 'posix';
  readonly resolvesLinks: boolean;

  constructor(private readonly base: vscode.Uri) {
    this.resolvesLinks = base.scheme === 'file';
  }

  uriOf(path: string): vscode.Uri {
    return this.base.with({ path });
  }

  async readDirectory(folder: string): Promise<{ name: string; kind: EntryKind }[]> {
    const entries = await vscode.workspace.fs.readDirectory(this.uriOf(folder));
    return entries.map(([name, type]) => ({ name, kind: kindOfType(type) }));
  }

  async realPath(path: string): Promise<string | undefined> {
    if (!this.resolvesLinks) return undefined;
    try {
      return vscode.Uri.file(await realpath(this.uriOf(path).fsPath)).path;
    } catch {
      return undefined;
    }
  }

  async kindOf(path: string): Promise<EntryKind | undefined> {
    try {
      const type = (await vscode.workspace.fs.stat(this.uriOf(path))).type;
      return kindOfType(type & ~vscode.FileType.SymbolicLink);
    } catch {
      return undefined;
    }
  }

  async readRegularFile(path: string, options: ReadOptions): Promise<HostRead> {
    const uri = this.uriOf(path);
    if (uri.scheme === 'file') return readRegularNodeFile(uri.fsPath, options);
    let stat;
    try {
      stat = await vscode.workspace.fs.stat(uri);
    } catch (error) {
      return error instanceof vscode.FileSystemError && error.code === 'FileNotFound' ? { kind: 'missing' } : { kind: 'error', code: codeOf(error) };
    }
    if (stat.type & vscode.FileType.Directory) return { kind: 'not-regular', what: 'directory' };
    if (!(stat.type & vscode.FileType.File)) return { kind: 'not-regular', what: 'other' };
    const stamp = { size: stat.size, mtimeMs: stat.mtime };
    // workspace.fs reads whole files only: a prefix of a large MEMORY.md is cut from a whole read,
    // and only up to a few times the limit.
    if (stat.size > options.maxBytes && (!options.prefixWhenLarger || stat.size > 4 * options.maxBytes)) return { kind: 'too-large', stamp };
    let bytes;
    try {
      bytes = await vscode.workspace.fs.readFile(uri);
    } catch (error) {
      return { kind: 'error', code: codeOf(error) };
    }
    if (bytes.length !== stat.size) return { kind: 'changed' };
    const truncated = bytes.length > options.maxBytes;
    return { kind: 'read', bytes: truncated ? bytes.subarray(0, options.maxBytes) : bytes, stamp, truncated };
  }
}

function kindOfType(type: vscode.FileType): EntryKind {
  if (type & vscode.FileType.SymbolicLink) return 'symlink';
  if (type & vscode.FileType.Directory) return 'directory';
  if (type & vscode.FileType.File) return 'file';
  return 'other';
}

function codeOf(error: unknown): string {
  if (error instanceof vscode.FileSystemError) return error.code;
  return errorCode(error);
}
