import * as path from 'node:path';
import * as vscode from 'vscode';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';

/** Sample tasks live in settings, outside every folder Claude Code loads: `{ "<root key>": ["task", ...], "*": [...] }`. */
export const SAMPLE_TASKS_SETTING = 'recall.sampleTasks';

/**
 * A root's key in the setting: `auto-memory` for Claude Code's auto memory (its path is machine-local),
 * the path from the workspace folder for a root inside one, else the absolute path.
 */
export function sampleTaskKey(root: MemoryRoot): string {
  if (root.info.kind === 'auto') return 'auto-memory';
  const folder = vscode.workspace.getWorkspaceFolder(root.uri);
  return folder ? path.posix.relative(folder.uri.path, root.uri.path) || '.' : root.uri.fsPath;
}

export function sampleTasksOf(root: MemoryRoot): string[] {
  const all = vscode.workspace.getConfiguration('memoryShelf', root.uri).get<Record<string, unknown>>(SAMPLE_TASKS_SETTING) ?? {};
  const list = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '') : []);
  return [...new Set([...list(all['*']), ...list(all[sampleTaskKey(root)])])];
}

export async function addSampleTask(root: MemoryRoot, task: string): Promise<void> {
  const config = vscode.workspace.getConfiguration('memoryShelf', root.uri);
  const all = { ...(config.get<Record<string, unknown>>(SAMPLE_TASKS_SETTING) ?? {}) };
  const key = sampleTaskKey(root);
  const current = Array.isArray(all[key]) ? (all[key] as unknown[]).filter((item): item is string => typeof item === 'string') : [];
  if (!current.includes(task)) all[key] = [...current, task];
  await config.update(SAMPLE_TASKS_SETTING, all, vscode.workspace.workspaceFolders ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global);
}
