import * as assert from 'node:assert/strict';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { MemoryShelfApi } from '../../src/extension';
import { activateExtension, findItem, visibleTree, workspaceUri } from './helpers';

const encoder = new TextEncoder();

/** Where Claude Code keeps this workspace's auto memory, spelled out from DESIGN.md section 1. */
function autoMemoryFolder(): vscode.Uri {
  const configDir = process.env.CLAUDE_CONFIG_DIR ?? path.join(os.homedir(), '.claude');
  const workspacePath = workspaceUri().fsPath;
  return vscode.Uri.file(path.join(configDir, 'projects', workspacePath.replace(/[^a-zA-Z0-9]/g, '-'), 'memory'));
}

describe('Claude Code auto memory root', () => {
  let api: MemoryShelfApi;
  const folder = autoMemoryFolder();
  const localSettings = workspaceUri('.claude', 'settings.local.json');

  before(async () => {
    api = await activateExtension();
    await vscode.workspace.fs.writeFile(
      vscode.Uri.joinPath(folder, 'feedback_small_prs.md'),
      encoder.encode('---\nname: feedback-small-prs\ndescription: Keep pull requests under 300 lines; reviewers skim longer ones.\nmetadata:\n  type: feedback\n---\n'),
    );
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, 'MEMORY.md'), encoder.encode('- [Small PRs](feedback_small_prs.md) — under 300 lines\n'));
  });

  after(async () => {
    // Only this workspace's project folder: the config dir may be a real one when CLAUDE_CONFIG_DIR is set.
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder, '..'), { recursive: true });
    await vscode.workspace.fs.delete(workspaceUri('.claude'), { recursive: true }).then(undefined, () => undefined);
    await vscode.commands.executeCommand('memoryShelf.refresh');
  });

  it('is listed first, says Claude Code loads it, and shows its memories', async () => {
    await vscode.commands.executeCommand('memoryShelf.refresh');
    const roots = await visibleTree(api);
    assert.equal(roots[0].label, 'Claude Code auto memory');
    // Short on the row, so the label is not cut off; the tooltip says it whole.
    assert.equal(roots[0].description, 'index loads at start');
    assert.match((api.tree.getTreeItem((await api.tree.getChildren())[0]).tooltip as vscode.MarkdownString).value.replace(/\\(.)/g, '$1'), /MEMORY\.md loads at session start, up to its limit; memories when recalled/);
    assert.deepEqual(findItem(roots[0].children, 'feedback').children.map((item) => item.label), ['Small PRs']);
    assert.equal(api.roots.roots[0].uri.fsPath, folder.fsPath);
  });

  it('says Claude Code does not use it when autoMemoryEnabled is false in the local settings', async () => {
    await vscode.workspace.fs.writeFile(localSettings, encoder.encode('{ "autoMemoryEnabled": false }\n'));
    await vscode.commands.executeCommand('memoryShelf.refresh');
    const roots = await visibleTree(api);
    assert.equal(roots[0].label, 'Claude Code auto memory');
    assert.equal(roots[0].description, 'not used by Claude Code: autoMemoryEnabled is false');
  });

  it('says in the root’s tooltip when a Claude Code settings file was ignored', async () => {
    await vscode.workspace.fs.writeFile(localSettings, encoder.encode('{ "autoMemoryEnabled": false, }\n'));
    await vscode.commands.executeCommand('memoryShelf.refresh');
    const [root] = await api.tree.getChildren();
    const tooltip = api.tree.getTreeItem(root).tooltip;
    assert.ok(tooltip instanceof vscode.MarkdownString);
    // As rendered: without Markdown's escapes.
    assert.match(tooltip.value.replace(/\\(.)/g, '$1'), /\/\.claude\/settings\.local\.json is not valid JSON and was ignored\./);
    assert.equal(api.tree.getTreeItem(root).description, 'index loads at start');
  });
});
