import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MemoryShelfApi } from '../../src/extension';
import { activateExtension, eventually, workspaceUri, codeOf } from './helpers';

const encoder = new TextEncoder();
const memory = (name: string): Uint8Array => encoder.encode(`---\nname: ${name}\ndescription: ${name} notes\ntype: project\n---\nBody.\n`);

// The extension host runs the same exclude matcher as the CLI: a glob that backtracked for ever there
// froze every extension, not just this one.
describe('Hostile input in the extension host', () => {
  let api: MemoryShelfApi;
  const folder = (): vscode.Uri => workspaceUri('hostile-exclude', 'memory');
  const deepPath = `${'d/'.repeat(60)}project_deep.md`;

  before(async () => {
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder(), 'MEMORY.md'), encoder.encode('# Memory index\n'));
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder(), 'project_top.md'), memory('top'));
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder(), ...deepPath.split('/')), memory('deep'));
    // A memory/ folder appearing makes the extension reload its roots 300 ms later: let that happen first.
    await new Promise((resolve) => setTimeout(resolve, 600));
    api = await activateExtension();
    await api.roots.ready;
  });

  after(async () => {
    await vscode.workspace.getConfiguration('memoryShelf').update('exclude', undefined, vscode.ConfigurationTarget.Workspace);
    await vscode.workspace.fs.delete(workspaceUri('hostile-exclude'), { recursive: true });
    await vscode.commands.executeCommand('memoryShelf.refresh');
  });

  it('checks a deep root under an exclude glob of repeated **/ without freezing, excluding nothing it does not name', async () => {
    await vscode.workspace.getConfiguration('memoryShelf').update('exclude', [`${'**/'.repeat(12)}*x`], vscode.ConfigurationTarget.Workspace);
    await vscode.commands.executeCommand('memoryShelf.refresh');
    await eventually(() => {
      const root = api.roots.rootAt(folder());
      assert.ok(root, 'hostile-exclude/memory is a root');
      assert.deepEqual([...root.store.memories()].map((m) => m.path).sort(), [deepPath, 'project_top.md']);
      const unlisted = vscode.languages.getDiagnostics(vscode.Uri.joinPath(folder(), ...deepPath.split('/'))).map((d) => codeOf(d));
      assert.ok(unlisted.includes('index-unlisted'), `the deep memory is checked: ${unlisted.join(', ')}`);
    });
  });
});
