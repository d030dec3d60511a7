import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MemoryShelfApi } from '../../src/extension';
import { activateExtension, eventually, findItem, visibleTree, workspaceUri } from './helpers';

const encoder = new TextEncoder();
const config = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('memoryShelf');

const REVIEWER = `---
name: reviewer
description: Reviews pull requests
memory: project
---

Record the conventions you learn in your agent memory.
`;
const REVIEWER_MEMORY = `---
name: error-wrapping
description: Errors are wrapped with the operation's name before they are returned
metadata:
  type: feedback
---

Flag a bare return of an error in review.
`;

describe('Memory shapes of current Claude Code in the sidebar', () => {
  let api: MemoryShelfApi;
  let originalRoots: string[] | undefined;

  before(async () => {
    api = await activateExtension();
    originalRoots = config().inspect<string[]>('roots')?.workspaceValue;
    await vscode.workspace.fs.writeFile(workspaceUri('.claude', 'agents', 'reviewer.md'), encoder.encode(REVIEWER));
    await vscode.workspace.fs.writeFile(workspaceUri('.claude', 'agent-memory', 'reviewer', 'MEMORY.md'), encoder.encode('- [Error wrapping](feedback_error-wrapping.md) — wrap errors with the operation name\n'));
    await vscode.workspace.fs.writeFile(workspaceUri('.claude', 'agent-memory', 'reviewer', 'feedback_error-wrapping.md'), encoder.encode(REVIEWER_MEMORY));
    await config().update('roots', [...(originalRoots ?? []), 'shapes/lessons', 'shapes/shared'], vscode.ConfigurationTarget.Workspace);
    await vscode.commands.executeCommand('memoryShelf.refresh');
  });

  after(async () => {
    await config().update('roots', originalRoots, vscode.ConfigurationTarget.Workspace);
    await vscode.workspace.fs.delete(workspaceUri('.claude'), { recursive: true });
    await vscode.commands.executeCommand('memoryShelf.refresh');
    await eventually(async () => assert.ok(!(await visibleTree(api)).some((root) => root.label.startsWith('Subagent'))), 15_000);
  });

  it('shows a subagent memory folder as a root, naming the agent and saying that its MEMORY.md loads', async () => {
    await eventually(async () => {
      const root = findItem(await visibleTree(api), 'Subagent reviewer (project)');
      assert.equal(root.description, 'reviewer subagent · its first 200 lines of MEMORY.md load');
      assert.deepEqual(findItem(root.children, 'feedback').children.map((item) => item.label), ['Error wrapping']);
    }, 15_000);
  });

  it('groups an untyped root of durable lessons as Pinned and Lessons, with no type-missing', async () => {
    await eventually(async () => {
      const lessons = findItem(await visibleTree(api), 'shapes/lessons');
      assert.deepEqual(lessons.children.filter((group) => group.label !== 'To review' && !/already here as reviewed\?$/.test(group.label)).map((group) => [group.label, group.description]), [['Pinned', '2'], ['Lessons', '1']]);
    }, 15_000);
    await eventually(() => {
      const codes = ['check-migrations-before-deploy.md', 'korean-commit-messages.md', 'real-database-tests.md']
        .flatMap((file) => vscode.languages.getDiagnostics(workspaceUri('shapes', 'lessons', file)).map((d) => String(typeof d.code === 'object' ? d.code.value : d.code)));
      assert.deepEqual(codes, []);
    }, 15_000);
  });

  it('in a root of durable lessons, the form shows a Pinned toggle instead of a type, and pins as a YAML boolean', async () => {
    const uri = workspaceUri('shapes', 'lessons', 'korean-commit-messages.md');
    const before = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    await vscode.commands.executeCommand('memoryShelf.openEditor', uri);
    let session: ReturnType<typeof api.editors.sessionsFor>[number] | undefined;
    await eventually(() => {
      session = api.editors.sessionsFor(uri)[0];
      assert.ok(session);
    });
    try {
      await session!.receive({ kind: 'ready' });
      await eventually(() => {
        const state = session!.state!;
        assert.equal(state.typing, 'untyped');
        assert.equal(state.pinned, false);
        assert.equal(state.pinnedCount, 2);
        assert.equal(state.others.some((field) => field.path === 'metadata.pinned'), false, 'the toggle shows it, not the other keys');
      });
      await session!.receive({ kind: 'setPinned', pinned: true, version: session!.document.version });
      await eventually(() => assert.match(session!.document.getText(), /^ {2}pinned: true$/m));
      await eventually(() => assert.equal(session!.state?.pinned, true));
      assert.equal(session!.document.getText(), before.replace('pinned: false', 'pinned: true'));
    } finally {
      await vscode.commands.executeCommand('workbench.action.files.revert');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  it('New Memory in a root of durable lessons asks no type and writes an unpinned lesson, no type-missing', async () => {
    const root = api.roots.roots.find((candidate) => candidate.uri.path.endsWith('/shapes/lessons'))!;
    const index = workspaceUri('shapes', 'lessons', 'MEMORY.md');
    const indexBefore = await vscode.workspace.fs.readFile(index);
    const created = await vscode.commands.executeCommand<vscode.Uri | undefined>('memoryShelf.newMemory', { kind: 'root', root, name: 'review-before-merge', description: '병합 전에 리뷰를 받는다' });
    assert.ok(created);
    try {
      for (const document of vscode.workspace.textDocuments) if (document.isDirty) await document.save();
      const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(created));
      assert.match(text, /^---\nname: review-before-merge\ndescription: 병합 전에 리뷰를 받는다\nmetadata:\n {2}pinned: false\n---\n/);
      assert.doesNotMatch(text, /type:/);
      await eventually(() => assert.deepEqual(vscode.languages.getDiagnostics(created).map((d) => String(typeof d.code === 'object' ? d.code.value : d.code)).filter((code) => code === 'type-missing'), []));
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.workspace.fs.delete(created);
      await vscode.workspace.fs.writeFile(index, indexBefore);
    }
  });

  it('shows a team/ with its own index as a root of its own, its memories listed there and not reported unlisted', async () => {
    await eventually(async () => {
      const roots = await visibleTree(api);
      const shared = findItem(roots, 'shapes/shared');
      assert.ok(!shared.children.some((group) => group.label === 'Team'), 'the team memories are not shown twice');
      const team = findItem(roots, 'Team memory · shapes/shared');
      assert.deepEqual(team.children.filter((group) => group.description !== '0' && group.label !== 'To review' && !/already here as reviewed\?$/.test(group.label)).map((group) => [group.label, group.description]), [['project', '1'], ['reference', '1']]);
    }, 15_000);
    // Checked once the team root's check is done: its memories have no problem.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const file of ['project_release-freeze.md', 'reference_dashboards.md']) {
      assert.deepEqual(vscode.languages.getDiagnostics(workspaceUri('shapes', 'shared', 'team', file)).map((d) => d.message), []);
    }
  });
});
