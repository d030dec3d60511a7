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

describe('Pinned lessons beside typed memories (issue #40, item 5)', () => {
  let api: MemoryShelfApi;
  let originalRoots: string[] | undefined;
  const folder = ['shapes', 'typed-with-lessons'];
  const FILES: Record<string, string> = {
    'MEMORY.md': '# Memory\n- [Deploy checklist](project_deploy.md) — deploy from main after the checks pass\n- [Review style](feedback_review.md) — one comment per finding\n- [리뷰 기준](feedback_review-ko.md) — 지적 하나에 코멘트 하나\n',
    'project_deploy.md': '---\nname: deploy-checklist\ndescription: deploy from main after the checks pass\nmetadata:\n  type: project\n---\nDeploy from main.\n',
    'feedback_review.md': '---\nname: review-style\ndescription: one comment per finding\nmetadata:\n  type: feedback\n---\nOne comment per finding.\n',
    'feedback_review-ko.md': '---\nname: review-style-ko\ndescription: 지적 하나에 코멘트 하나\nmetadata:\n  type: feedback\n---\n지적 하나에 코멘트 하나.\n',
    'verify-before-claiming.md': '---\nname: verify-before-claiming\ndescription: Run the failing test before saying a fix works\nmetadata:\n  pinned: true\n---\nRun the failing test before saying a fix works.\n',
    '배포-전-확인.md': '---\nname: 배포-전-확인\ndescription: 배포 전에 스테이징에서 한 번 확인한다\nmetadata:\n  pinned: true\n---\n배포 전에 스테이징에서 확인한다.\n',
    '確認してから報告.md': '---\nname: 確認してから報告\ndescription: 直ったと言う前にテストを走らせる\nmetadata:\n  pinned: true\n---\n直ったと言う前にテストを走らせる。\n',
  };
  const codeOf = (d: vscode.Diagnostic): string => String(typeof d.code === 'object' ? d.code.value : d.code);

  before(async () => {
    api = await activateExtension();
    originalRoots = config().inspect<string[]>('roots')?.workspaceValue;
    for (const [name, text] of Object.entries(FILES)) await vscode.workspace.fs.writeFile(workspaceUri(...folder, name), encoder.encode(text));
    await config().update('roots', [...(originalRoots ?? []), folder.join('/')], vscode.ConfigurationTarget.Workspace);
    await vscode.commands.executeCommand('memoryShelf.refresh');
  });

  after(async () => {
    await config().update('roots', originalRoots, vscode.ConfigurationTarget.Workspace);
    await vscode.workspace.fs.delete(workspaceUri(...folder), { recursive: true });
    await vscode.commands.executeCommand('memoryShelf.refresh');
  });

  it('shows them as Pinned, not under Untyped / unknown, and reports them only as a hint that offers a type, never applied by itself', async () => {
    await eventually(async () => {
      const root = findItem(await visibleTree(api), folder.join('/'));
      const groups = root.children.filter((group) => group.label !== 'To review' && !/already here as reviewed\?$/.test(group.label));
      assert.equal(groups.some((group) => group.label === 'Untyped / unknown'), false, groups.map((group) => group.label).join(', '));
      assert.deepEqual(findItem(groups, 'Pinned').children.map((item) => item.label).sort(), ['Run the failing test before saying a fix works', '배포-전-확인', '確認してから報告'].sort());
    }, 15_000);
    for (const name of ['verify-before-claiming.md', '배포-전-확인.md', '確認してから報告.md']) {
      const uri = workspaceUri(...folder, name);
      await eventually(async () => {
        const diagnostics = vscode.languages.getDiagnostics(uri);
        assert.deepEqual(diagnostics.filter((d) => d.severity === vscode.DiagnosticSeverity.Error || d.severity === vscode.DiagnosticSeverity.Warning).map(codeOf), [], name);
        const typeHint = diagnostics.find((d) => codeOf(d) === 'type-missing');
        assert.ok(typeHint, `${name}: a type-missing hint`);
        assert.equal(typeHint.severity, vscode.DiagnosticSeverity.Hint);
        assert.match(typeHint.message, /nothing is wrong with it/);
        await vscode.workspace.openTextDocument(uri);
        const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, new vscode.Range(typeHint.range.start.line, typeHint.range.start.character, typeHint.range.end.line, typeHint.range.end.character));
        assert.ok(['feedback', 'project'].every((type) => actions.some((action) => action.title === `Add type: ${type}`)), actions.map((action) => action.title).join(', '));
      }, 15_000);
      assert.doesNotMatch(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)), /type:/, 'no type is written unasked');
    }
  });
});
