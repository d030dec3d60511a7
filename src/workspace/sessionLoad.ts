import * as os from 'node:os';
import * as vscode from 'vscode';
import { buildSessionLoad, type SessionLoad } from '../core/sessionLoad';
import { nodeReaderHost } from '../reader';
import { claudeConfigDir } from '../rootLocations/autoMemory';
import { nodeRootsHost } from '../rootLocations/nodeRootsHost';
import { gatherSessionFiles } from '../rootLocations/sessionFiles';

/** What a feature needs to watch so a session preview stays current: the Claude config folder and the auto memory folder. */
export interface SessionLoadWithSources {
  readonly load: SessionLoad;
  readonly configDir: string;
  readonly autoMemoryFolder: string;
}

/**
 * What Claude Code loads at session start in a local workspace folder, read through the reader's
 * checks. Remote and virtual folders have no Claude Code session on this machine: undefined.
 */
export async function sessionLoadOf(folder: vscode.WorkspaceFolder): Promise<SessionLoadWithSources | undefined> {
  if (folder.uri.scheme !== 'file') return undefined;
  const homeDir = os.homedir();
  const gathered = await gatherSessionFiles(
    { folder: folder.uri.fsPath, homeDir, env: process.env, platform: process.platform, trusted: vscode.workspace.isTrusted },
    nodeReaderHost,
    nodeRootsHost,
  );
  const configDir = claudeConfigDir(process.env, homeDir, folder.uri.fsPath);
  return { load: buildSessionLoad(gathered.input), configDir, autoMemoryFolder: gathered.autoMemory.path };
}
