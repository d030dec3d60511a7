import * as assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { MemoryShelfApi } from '../../src/extension';
import { activateExtension, eventually, workspaceUri } from './helpers';

const folder = (): vscode.Uri => workspaceUri('watch-suite', 'memory');
const file = (name: string): vscode.Uri => vscode.Uri.joinPath(folder(), name);
const memory = (description: string): string => `---\nname: deploy-window\ndescription: ${description}\ntype: project\n---\n\nデプロイは火曜と木曜の 10:00–16:00 だけ。\n`;

describe('A memory folder VS Code\'s own watcher does not report', () => {
  let api: MemoryShelfApi;
  const root = () => {
    const found = api.roots.roots.find((candidate) => candidate.uri.toString() === folder().toString());
    assert.ok(found, 'watch-suite/memory is a root');
    return found;
  };

  before(async () => {
    // Excluded from VS Code's watcher, the way a folder inside one created with `mkdir -p` can go unseen by it:
    // only the root's own folder watch can tell the store about a change.
    await vscode.workspace.getConfiguration('files').update('watcherExclude', { '**/watch-suite/**': true }, vscode.ConfigurationTarget.Workspace);
    mkdirSync(folder().fsPath, { recursive: true });
    writeFileSync(file('MEMORY.md').fsPath, '# Memory\n\n- [デプロイ時間](project_deploy-window.md) — 火曜と木曜だけ\n');
    writeFileSync(file('project_deploy-window.md').fsPath, memory('デプロイは火曜と木曜だけ'));
    api = await activateExtension();
    await vscode.commands.executeCommand('memoryShelf.refresh');
    await eventually(() => assert.ok(root().store.get('project_deploy-window.md')));
  });

  after(async function () {
    // VS Code restarts its workspace watcher when the exclusions change; on a full run that restart was
    // seen to take longer than mocha's 20 s, and the suites after this one (a CLAUDE.md edited by another
    // program) then missed their events. Wait for it as long as it takes, within reason.
    this.timeout(120_000);
    await vscode.workspace.fs.delete(workspaceUri('watch-suite'), { recursive: true });
    await vscode.workspace.getConfiguration('files').update('watcherExclude', undefined, vscode.ConfigurationTarget.Workspace);
    await untilVsCodeWatcherReports();
    await vscode.commands.executeCommand('memoryShelf.refresh');
  });

  it('still follows a file an agent rewrites, adds and deletes there', async () => {
    writeFileSync(file('project_deploy-window.md').fsPath, memory('デプロイは火曜だけ(木曜は凍結)'));
    await eventually(() => assert.equal(root().store.get('project_deploy-window.md')?.description, 'デプロイは火曜だけ(木曜は凍結)'));
    writeFileSync(file('feedback_rollback.md').fsPath, '---\nname: rollback\ndescription: Roll back first, debug second\ntype: feedback\n---\n');
    await eventually(() => assert.ok(root().store.get('feedback_rollback.md')));
    await vscode.workspace.fs.delete(file('feedback_rollback.md'));
    await eventually(() => assert.equal(root().store.get('feedback_rollback.md'), undefined));
  });
});

/**
 * VS Code restarts its workspace watcher when the exclusions change; until it reports again, documents
 * do not follow the disk, so the suites after this one would plan against stale editors. A probe file
 * is written until an event for it arrives.
 */
async function untilVsCodeWatcherReports(): Promise<void> {
  const probe = workspaceUri('watch-probe.txt');
  const watcher = vscode.workspace.createFileSystemWatcher('**/watch-probe.txt');
  let seen = false;
  const mark = (): void => void (seen = true);
  watcher.onDidCreate(mark);
  watcher.onDidChange(mark);
  const started = Date.now();
  try {
    for (let attempt = 0; !seen && attempt < 500; attempt++) {
      // A restart was twice seen never to come within 100 s: every 10 s without an event, the exclusions
      // are set again, which makes VS Code start its watcher anew.
      if (attempt > 0 && attempt % 50 === 0) {
        const files = vscode.workspace.getConfiguration('files');
        await files.update('watcherExclude', {}, vscode.ConfigurationTarget.Workspace);
        await files.update('watcherExclude', undefined, vscode.ConfigurationTarget.Workspace);
      }
      writeFileSync(probe.fsPath, `probe ${attempt}\n`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    assert.ok(seen, "VS Code's watcher reports changes again");
    // Printed, never asserted: how long the restart takes is the machine's.
    console.log(`[folderWatch] VS Code's watcher reported again after ${Date.now() - started} ms`);
  } finally {
    watcher.dispose();
    await vscode.workspace.fs.delete(probe).then(undefined, () => undefined);
  }
}
