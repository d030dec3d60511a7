import * as os from 'node:os';
import * as vscode from 'vscode';
import { resolveAutoMemory, type AutoMemoryLocation } from '../../rootLocations/autoMemory';
import { nodeRootsHost } from '../../rootLocations/nodeRootsHost';

/** Where Claude Code keeps a workspace folder's auto memory, whether or not the folder is there yet. */
export interface AutoMemoryLookup {
  readonly folder: vscode.WorkspaceFolder;
  readonly location: AutoMemoryLocation;
}

/**
 * The auto memory folder Claude Code uses for each local workspace folder, found as discovery finds it.
 * A folder that is not there yet is no root, so without this nothing could name where it was looked for.
 */
export async function lookUpAutoMemory(): Promise<AutoMemoryLookup[]> {
  const found: AutoMemoryLookup[] = [];
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    if (folder.uri.scheme !== 'file') continue;
    const location = await resolveAutoMemory({ workspaceFolder: folder.uri.fsPath, homeDir: os.homedir(), env: process.env, trusted: vscode.workspace.isTrusted }, nodeRootsHost);
    found.push({ folder, location });
  }
  return found;
}

/** One sentence a person reads: where the auto memory is, or would be, and whether Claude Code uses it. */
export function describeAutoMemory({ folder, location }: AutoMemoryLookup, many: boolean): string {
  const path = location.path;
  if (!location.loadedByClaude) {
    return many
      ? vscode.l10n.t('Claude Code\'s auto memory is turned off for "{0}" ({1}); it would be kept in {2}.', folder.name, location.reason?.setting ?? '', path)
      : vscode.l10n.t('Claude Code\'s auto memory is turned off for this project ({0}); it would be kept in {1}.', location.reason?.setting ?? '', path);
  }
  if (!location.exists) {
    return many
      ? vscode.l10n.t('Claude Code keeps the auto memory of "{0}" in {1}, which does not exist yet: Claude Code creates it when it first saves a memory there.', folder.name, path)
      : vscode.l10n.t('Claude Code keeps this project\'s auto memory in {0}, which does not exist yet: Claude Code creates it when it first saves a memory there.', path);
  }
  return many
    ? vscode.l10n.t('Claude Code keeps the auto memory of "{0}" in {1}.', folder.name, path)
    : vscode.l10n.t('Claude Code keeps this project\'s auto memory in {0}.', path);
}
