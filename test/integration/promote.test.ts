import * as assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { MemoryShelfApi } from '../../src/extension';
import type { MemoryRoot } from '../../src/workspace/roots/memoryRoot';
import { activateExtension, eventually, workspaceUri } from './helpers';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const read = async (uri: vscode.Uri): Promise<string> => decoder.decode(await vscode.workspace.fs.readFile(uri));
const write = (uri: vscode.Uri, text: string): Thenable<void> => vscode.workspace.fs.writeFile(uri, encoder.encode(text));
const exists = (uri: vscode.Uri): Thenable<boolean> => vscode.workspace.fs.stat(uri).then(() => true, () => false);

/** Where Claude Code keeps this workspace's auto memory (DESIGN.md section 1), under the run's own HOME. */
function autoMemoryFolder(): vscode.Uri {
  const configDir = process.env.CLAUDE_CONFIG_DIR ?? path.join(os.homedir(), '.claude');
  return vscode.Uri.file(path.join(configDir, 'projects', workspaceUri().fsPath.replace(/[^a-zA-Z0-9]/g, '-'), 'memory'));
}

const auto = (name: string): vscode.Uri => vscode.Uri.joinPath(autoMemoryFolder(), name);
// Written at run time under a folder of this suite's own, so the other suites' lists of roots stay as they are.
const projectFolder = (): vscode.Uri => workspaceUri('promote-suite', 'memory');
const project = (name: string): vscode.Uri => vscode.Uri.joinPath(projectFolder(), name);

const AUTO_INDEX = '# Memory\n\n- [커밋 스타일](feedback_commit-style.md) — 한국어, 제목 50자 이내\n- [리뷰 말투](feedback_review-language.md) — 제안형으로\n- [Dashboards](reference_dashboards.md) — Grafana "API p95"\n';
const COMMIT_STYLE = '---\nname: commit-style\ndescription: 커밋 메시지는 한국어로, 제목은 50자 이내로 쓴다\nmetadata:\n  type: feedback\n  originSessionId: 0b3c2f1e\n---\n커밋 제목에는 "수정함" 대신 무엇을 바꿨는지 쓴다.\n\n이유: 팀원 절반이 영어 커밋 로그를 읽기 어려워했다. 말투는 [[review-language]] 참고.\n';
const REVIEW_LANGUAGE = '---\nname: review-language\ndescription: レビューコメントは「〜してはどうでしょう?」の提案形で書く\nmetadata:\n  type: feedback\n---\n命令口調は避ける。コミットの書き方は [[commit-style]] に従う。\n\n**Why:** 命令口調のコメントが多かった9月、新しいメンバーが PR を出しにくくなった。\n';
const DASHBOARDS = '---\nname: dashboards\ndescription: Grafana board "API p95" tracks the billing API latency\nmetadata:\n  type: reference\n---\nOwned by the SRE team; page them in #sre-oncall, not in #general.\n';
const PROJECT_INDEX = '# プロジェクトのメモリ\r\n\r\n- [デプロイ](project_deploy.md) — 毎週火曜 10:00 にデプロイ\r\n\r\nDetails live in the files.\r\n';
const DEPLOY = '---\r\nname: deploy\r\ndescription: デプロイは毎週火曜 10:00、main から\r\ntype: project\r\n---\r\nコミットの書き方は [[commit-style]] を参照。\r\n';
const CLAUDE_MD = '# Billing service\r\n\r\nRun `npm test` before pushing.\r\n\r\n## Promoted from memory\r\n\r\n- Keep PRs under 300 lines — Why: reviewers skim long diffs.\r\n\r\n## Commands\r\n\r\n`npm run build`\r\n';

describe('Promote: auto memory to the project, memory to a CLAUDE.md rule', () => {
  let api: MemoryShelfApi;
  const claudeMd = (): vscode.Uri => workspaceUri('CLAUDE.md');
  const userClaudeMd = (): vscode.Uri => vscode.Uri.file(path.join(os.homedir(), '.claude', 'CLAUDE.md'));
  const rootAt = (uri: vscode.Uri): MemoryRoot => {
    const found = api.roots.rootAt(uri);
    assert.ok(found, `${uri.fsPath} is a root`);
    return found;
  };
  const saveAll = async (): Promise<void> => {
    for (const document of vscode.workspace.textDocuments) if (document.isDirty) await document.save();
  };

  before(async () => {
    await write(auto('MEMORY.md'), AUTO_INDEX);
    await write(auto('feedback_commit-style.md'), COMMIT_STYLE);
    await write(auto('feedback_review-language.md'), REVIEW_LANGUAGE);
    await write(auto('reference_dashboards.md'), DASHBOARDS);
    await write(project('MEMORY.md'), PROJECT_INDEX);
    await write(project('project_deploy.md'), DEPLOY);
    await write(claudeMd(), CLAUDE_MD);
    // A memory/ folder appearing makes the extension reload its roots 300 ms later: let that happen first.
    await new Promise((resolve) => setTimeout(resolve, 600));
    api = await activateExtension();
    await api.roots.ready;
    await eventually(() => {
      assert.ok(rootAt(autoMemoryFolder()).store.get('feedback_commit-style.md'));
      assert.ok(rootAt(projectFolder()).store.get('project_deploy.md'));
    });
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.delete(workspaceUri('promote-suite'), { recursive: true });
    await vscode.workspace.fs.delete(claudeMd()).then(undefined, () => undefined);
    await vscode.workspace.fs.delete(userClaudeMd()).then(undefined, () => undefined);
    // Only this workspace's project folder: the config dir may be a real one when CLAUDE_CONFIG_DIR is set.
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(autoMemoryFolder(), '..'), { recursive: true });
    await vscode.commands.executeCommand('memoryShelf.refresh');
  });

  it('offers Promote to Project only on auto memories: their tree items say so', async () => {
    const contextValues = async (root: MemoryRoot): Promise<string[]> => {
      const rootNode = (await api.tree.getChildren()).find((node) => node.kind === 'root' && node.root === root);
      assert.ok(rootNode);
      const values: string[] = [];
      for (const group of await api.tree.getChildren(rootNode)) {
        if (group.kind !== 'group') continue;
        for (const node of await api.tree.getChildren(group)) values.push(String(api.tree.getTreeItem(node).contextValue));
      }
      return values;
    };
    assert.deepEqual(await contextValues(rootAt(autoMemoryFolder())), ['memory.auto', 'memory.auto', 'memory.auto']);
    assert.deepEqual(await contextValues(rootAt(projectFolder())), ['memory']);
  });

  it('says in the auto memory index lens what its root says: MEMORY.md loads at session start, counted against the limit', async () => {
    assert.equal(rootAt(autoMemoryFolder()).info.load.detail, 'MEMORY.md loads at session start, up to its limit; memories when recalled');
    await vscode.window.showTextDocument(auto('MEMORY.md'));
    await eventually(async () => {
      const lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', auto('MEMORY.md'))) ?? [];
      const budget = lenses.find((lens) => lens.range.start.line === 0 && /lines/.test(lens.command?.title ?? ''));
      assert.match(budget?.command?.title ?? '', /^\$\(check\) \d+ \/ 200 lines · [\d,]+ \/ 25,000 characters load at session start$/);
    });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('moves the file byte for byte and its MEMORY.md line into the project folder, in one edit', async () => {
    const moved = await vscode.commands.executeCommand('memoryShelf.promoteToProject', auto('feedback_commit-style.md'), undefined, { target: projectFolder(), confirm: false });
    assert.equal(moved, true);
    assert.equal(await read(project('feedback_commit-style.md')), COMMIT_STYLE);
    assert.equal(await exists(auto('feedback_commit-style.md')), false, 'the auto memory no longer holds it');
    // The index files are saved with the edit: these are the bytes on disk.
    assert.equal(await read(auto('MEMORY.md')), AUTO_INDEX.replace('- [커밋 스타일](feedback_commit-style.md) — 한국어, 제목 50자 이내\n', ''));
    assert.equal(await read(project('MEMORY.md')), PROJECT_INDEX.replace('毎週火曜 10:00 にデプロイ\r\n', '毎週火曜 10:00 にデプロイ\r\n- [커밋 스타일](feedback_commit-style.md) — 한국어, 제목 50자 이내\r\n'));
    // Links stay as written on both sides: the auto memory's [[commit-style]] is now a reservation there.
    assert.equal(await read(auto('feedback_review-language.md')), REVIEW_LANGUAGE);
    assert.equal(await read(project('project_deploy.md')), DEPLOY);
    await eventually(() => {
      assert.equal(rootAt(projectFolder()).store.resolveLink('commit-style').status, 'resolved');
      assert.equal(rootAt(autoMemoryFolder()).store.resolveLink('commit-style').status, 'dangling');
    });
  });

  it('takes the whole move back with one Undo: both folders and both indexes', async () => {
    await vscode.window.showTextDocument(project('MEMORY.md'));
    await vscode.commands.executeCommand('undo');
    await saveAll();
    await eventually(async () => {
      assert.equal(await exists(project('feedback_commit-style.md')), false);
      assert.equal(await read(auto('feedback_commit-style.md')), COMMIT_STYLE);
    });
    assert.equal(await read(auto('MEMORY.md')), AUTO_INDEX);
    assert.equal(await read(project('MEMORY.md')), PROJECT_INDEX);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await eventually(() => assert.ok(rootAt(autoMemoryFolder()).store.get('feedback_commit-style.md')));
  });

  it('refuses a name the project folder already has and writes nothing', async () => {
    const older = '---\nname: commit_style\ndescription: 커밋은 영어로 (예전 규칙)\ntype: feedback\n---\n';
    await write(project('feedback_commit_style.md'), older);
    try {
      await eventually(() => assert.ok(rootAt(projectFolder()).store.get('feedback_commit_style.md')));
      const moved = await vscode.commands.executeCommand('memoryShelf.promoteToProject', auto('feedback_commit-style.md'), undefined, { target: projectFolder(), confirm: false });
      assert.equal(moved, false);
      assert.equal(await read(auto('feedback_commit-style.md')), COMMIT_STYLE);
      assert.equal(await read(auto('MEMORY.md')), AUTO_INDEX);
      assert.equal(await read(project('MEMORY.md')), PROJECT_INDEX);
      assert.equal(await exists(project('feedback_commit-style.md')), false);
    } finally {
      await vscode.workspace.fs.delete(project('feedback_commit_style.md'));
    }
  });

  it('appends the fact and its reason at the end of the CLAUDE.md section, CRLF kept, every other byte the same', async () => {
    const promoted = await vscode.commands.executeCommand('memoryShelf.promoteToRule', auto('feedback_review-language.md'), undefined, { target: 'project', afterwards: 'keep' });
    assert.equal(promoted, true);
    const bullet = '- レビューコメントは「〜してはどうでしょう?」の提案形で書く — Why: 命令口調のコメントが多かった9月、新しいメンバーが PR を出しにくくなった。';
    assert.equal(await read(claudeMd()), CLAUDE_MD.replace('reviewers skim long diffs.\r\n', `reviewers skim long diffs.\r\n${bullet}\r\n`));
    assert.equal(await read(auto('feedback_review-language.md')), REVIEW_LANGUAGE, 'kept when the person keeps it');
  });

  it('creates ~/.claude/CLAUDE.md when missing and deletes the memory when asked, its index line with it', async () => {
    assert.equal(await exists(userClaudeMd()), false);
    const promoted = await vscode.commands.executeCommand('memoryShelf.promoteToRule', auto('reference_dashboards.md'), undefined, { target: 'user', afterwards: 'delete' });
    assert.equal(promoted, true);
    assert.equal(await read(userClaudeMd()), '## Promoted from memory\n\n- Grafana board "API p95" tracks the billing API latency — Owned by the SRE team; page them in #sre-oncall, not in #general.\n');
    await saveAll();
    await eventually(async () => assert.equal(await exists(auto('reference_dashboards.md')), false));
    assert.equal(await read(auto('MEMORY.md')), AUTO_INDEX.replace('- [Dashboards](reference_dashboards.md) — Grafana "API p95"\n', ''));
  });

  it('writes the rule text a caller confirmed in place of the proposed one, kept on one line', async () => {
    const before = await read(claudeMd());
    const promoted = await vscode.commands.executeCommand('memoryShelf.promoteToRule', auto('feedback_commit-style.md'), undefined, { target: 'project', afterwards: 'keep', ruleText: '커밋 메시지는 한국어로\n제목은 50자 이내' });
    assert.equal(promoted, true);
    const last = 'diffs.\r\n- レビューコメントは「〜してはどうでしょう?」の提案形で書く — Why: 命令口調のコメントが多かった9月、新しいメンバーが PR を出しにくくなった。\r\n';
    assert.equal(await read(claudeMd()), before.replace(last, `${last}- 커밋 메시지는 한국어로 제목은 50자 이내\r\n`));
  });

  it('adds the memory index import to CLAUDE.md when promoting into a folder Claude Code does not load, and the folder then says it loads', async () => {
    const before = await read(claudeMd());
    assert.equal(rootAt(projectFolder()).info.load.loadedByClaude, false);
    const moved = await vscode.commands.executeCommand('memoryShelf.promoteToProject', auto('feedback_commit-style.md'), undefined, { target: projectFolder(), confirm: false, addImport: true });
    assert.equal(moved, true);
    assert.equal(await read(project('feedback_commit-style.md')), COMMIT_STYLE);
    // Every byte before stays; the import follows a blank line, in the file's CRLF.
    assert.equal(await read(claudeMd()), `${before}\r\n@promote-suite/memory/MEMORY.md\r\n`);
    await eventually(() => assert.equal(rootAt(projectFolder()).info.load.loadedByClaude, true));
  });

  it('adds no second import once CLAUDE.md has one', async () => {
    const before = await read(claudeMd());
    const moved = await vscode.commands.executeCommand('memoryShelf.promoteToProject', auto('feedback_review-language.md'), undefined, { target: projectFolder(), confirm: false, addImport: true });
    assert.equal(moved, true);
    assert.equal(await read(project('feedback_review-language.md')), REVIEW_LANGUAGE);
    assert.equal(await read(claudeMd()), before);
  });

  it('notices without a Refresh when CLAUDE.md loses or regains the import, written by another program', async () => {
    const withImport = await read(claudeMd());
    const withoutImport = withImport.replace('\r\n@promote-suite/memory/MEMORY.md\r\n', '');
    assert.notEqual(withoutImport, withImport);
    // Plain node fs, as an agent or a git checkout writes: only the file watcher can tell the extension.
    await fs.writeFile(claudeMd().fsPath, withoutImport);
    await eventually(() => assert.equal(rootAt(projectFolder()).info.load.loadedByClaude, false));
    assert.ok(rootAt(projectFolder()).store.get('feedback_commit-style.md'), 'the folder reads as before');
    await fs.writeFile(claudeMd().fsPath, withImport);
    await eventually(() => assert.equal(rootAt(projectFolder()).info.load.loadedByClaude, true));
  });

  it('creates no memory folder before the move is confirmed: Cancel leaves the disk as it was, the move creates it with its MEMORY.md (issue #40)', async () => {
    const fresh = workspaceUri('promote-suite', 'fresh', 'memory');
    const retro = '---\nname: retro-day\ndescription: 회고는 격주 금요일 16시\ntype: project\n---\n';
    const autoIndex = await read(auto('MEMORY.md'));
    await write(auto('project_retro-day.md'), retro);
    await eventually(() => assert.ok(rootAt(autoMemoryFolder()).store.get('project_retro-day.md')));
    const offered: string[][] = [];
    const cancelled = await vscode.commands.executeCommand('memoryShelf.promoteToProject', auto('project_retro-day.md'), undefined, { target: fresh, answer: (buttons: readonly string[]) => (offered.push([...buttons]), undefined) });
    assert.equal(cancelled, false);
    assert.deepEqual(offered, [['Move to promote-suite/fresh/memory', 'Move and Import in CLAUDE.md', 'Preview…']], 'the confirm was asked');
    assert.equal(await exists(workspaceUri('promote-suite', 'fresh')), false, 'nothing created before the confirm, nor after Cancel');
    assert.equal(await read(auto('project_retro-day.md')), retro);
    assert.equal(await read(auto('MEMORY.md')), autoIndex);

    const moved = await vscode.commands.executeCommand('memoryShelf.promoteToProject', auto('project_retro-day.md'), undefined, { target: fresh, answer: (buttons: readonly string[]) => buttons[0] });
    assert.equal(moved, true);
    assert.equal(await read(vscode.Uri.joinPath(fresh, 'project_retro-day.md')), retro);
    assert.equal(await read(vscode.Uri.joinPath(fresh, 'MEMORY.md')), '# Memory index\n\n- [Retro day](project_retro-day.md) — 회고는 격주 금요일 16시\n');
    assert.equal(await exists(auto('project_retro-day.md')), false);
    await eventually(() => assert.ok(api.roots.rootAt(fresh)?.store.get('project_retro-day.md'), 'the new folder is a root'));
  });
});
