// Proves the harness itself: the extension under development is the one loaded, it activates,
// and the fixture workspace copy is open.
import * as assert from 'assert';
import * as vscode from 'vscode';

describe('integration harness', () => {
  it('loads and activates the extension under development', async () => {
    const ext = vscode.extensions.getExtension('memory-shelf.memory-shelf');
    assert.ok(ext, 'extension memory-shelf.memory-shelf is not loaded');
    await ext.activate();
    assert.strictEqual(ext.isActive, true);
  });

  it('opens a workspace folder', () => {
    assert.ok(vscode.workspace.workspaceFolders?.length, 'no workspace folder open');
  });
});
