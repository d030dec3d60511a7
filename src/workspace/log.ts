import * as vscode from 'vscode';

/**
 * The "Memory Shelf" output channel. What the extension gives up on without bothering the person (a
 * file that vanished between listing and reading, a template that cannot be read) is written here, so
 * "why is my memory not shown" has an answer.
 */
export class Log implements vscode.Disposable {
  private readonly channel = vscode.window.createOutputChannel('Memory Shelf', { log: true });

  /** Something expected that was skipped: a missing file, an unreadable folder. */
  skipped(what: string, error: unknown): void {
    this.channel.debug(`${what}: ${describe(error)}`);
  }

  /** Something that should not happen and changed what the person sees. */
  warn(what: string, error?: unknown): void {
    this.channel.warn(error === undefined ? what : `${what}: ${describe(error)}`);
  }

  info(what: string): void {
    this.channel.info(what);
  }

  dispose(): void {
    this.channel.dispose();
  }
}

function describe(error: unknown): string {
  if (error instanceof vscode.FileSystemError) return `${error.code} ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
