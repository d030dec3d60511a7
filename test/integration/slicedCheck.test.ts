import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MemoryShelfApi } from '../../src/extension';
import { activateExtension, eventually, workspaceUri, codeOf } from './helpers';

const encoder = new TextEncoder();

// Enough memories that the rules take several slices, and more than one search for memory folders
// lists, written the way Claude Code's folders look.
const COUNT = 1100;
const TOPICS = [
  { topic: 'testing', body: 'Run the integration suite before every merge; the unit tests alone missed the watcher bug.' },
  { topic: 'report_format', body: '보고서는 .docx로 납품하고 PDF는 받지 않는다. 실측 데이터가 없으면 표의 셀은 빈칸으로 남긴다.' },
  { topic: 'shared_drive', body: '実測データは研究室の共有ドライブに置く。ローカルにはコピーしない。' },
  { topic: 'deploys', body: 'Deploys happen from main only, after the checks pass; the "Release" button in Settings › CI stays off.' },
  { topic: 'timeouts', body: 'The upload times out after 30 s; retry twice, then wait 5 min before paging anyone.' },
];
const TYPES = ['feedback', 'project', 'reference', 'user'];
const pathOf = (i: number): string => `${TYPES[i % TYPES.length]}_${TOPICS[i % TOPICS.length].topic}_${i}.md`;
const nameOf = (i: number): string => `${TYPES[i % TYPES.length]}-${TOPICS[i % TOPICS.length].topic.replace(/_/g, '-')}-${i}`;

function memoryText(i: number): string {
  const { body } = TOPICS[i % TOPICS.length];
  return `---\nname: ${nameOf(i)}\ndescription: ${body.slice(0, 48)}\ntype: ${TYPES[i % TYPES.length]}\n---\n${body} (#${i})\n\nSee [[${nameOf((i + 1) % COUNT)}]].\n`;
}

function indexText(): string {
  const lines = ['# Memory index', ''];
  for (let i = 0; i < 60; i++) lines.push(i % 2 ? `- [${nameOf(i)}](${pathOf(i)}) — ${TOPICS[i % TOPICS.length].body.slice(0, 24)}` : `- **${nameOf(i)}** (${pathOf(i)})`);
  return lines.join('\n') + '\n';
}

describe('Rules in slices after a reload', () => {
  let api: MemoryShelfApi;
  const folder = (): vscode.Uri => workspaceUri('sliced', 'memory');
  const file = (path: string): vscode.Uri => vscode.Uri.joinPath(folder(), path);

  /** Every diagnostic of the root as the Problems panel lists it. */
  function shownForRoot(): string[] {
    const prefix = folder().toString() + '/';
    return vscode.languages.getDiagnostics()
      .filter(([uri]) => uri.toString().startsWith(prefix))
      .flatMap(([uri, diagnostics]) => diagnostics.filter((d) => d.source === 'Memory Shelf').map((d) => `${uri.path.split('/').pop()}:${d.range.start.line + 1} ${codeOf(d)}`))
      .sort();
  }

  before(async function () {
    this.timeout(120_000);
    for (let start = 0; start < COUNT; start += 50) {
      await Promise.all(Array.from({ length: Math.min(50, COUNT - start) }, (_, k) => vscode.workspace.fs.writeFile(file(pathOf(start + k)), encoder.encode(memoryText(start + k)))));
    }
    await vscode.workspace.fs.writeFile(file('MEMORY.md'), encoder.encode(indexText()));
    // A second, small memory folder beside the big one.
    await vscode.workspace.fs.writeFile(workspaceUri('sliced', 'later', 'memory', 'user_role.md'), encoder.encode('---\nname: role\ndescription: 백엔드 담당, 2주차 당번\ntype: user\n---\n\nBackend; on call in week 2.\n'));
    // A memory/ folder appearing makes the extension reload its roots 300 ms later: let that happen first.
    await new Promise((resolve) => setTimeout(resolve, 600));
    api = await activateExtension();
    await api.roots.ready;
  });

  after(async () => {
    await vscode.workspace.fs.delete(workspaceUri('sliced'), { recursive: true });
    await vscode.commands.executeCommand('memoryShelf.refresh');
  });

  it('finds a small memory folder beside one of more than a thousand memories', () => {
    const labels = api.roots.roots.map((root) => root.info.label);
    assert.ok(labels.includes('sliced/memory') && labels.includes('sliced/later/memory'), `roots: ${labels.join(', ')}`);
    for (const fixture of ['memory', 'checks/memory']) assert.ok(labels.includes(fixture), `${fixture} is still a root; roots: ${labels.join(', ')}`);
  });

  it('publishes the reloaded root as a clean check does, with a change made while the rules ran reflected', async function () {
    this.timeout(60_000);
    const edited = pathOf(COUNT - 3);
    const removed = pathOf(COUNT - 10);
    const linker = pathOf(COUNT - 11); // links to the removed memory by name
    const secretText = memoryText(COUNT - 3) + 'The deploy token is ghp_' + 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8 — rotate it.\n';
    let midCheck: boolean | undefined;
    let changed: Promise<void> | undefined;
    const subscription = api.roots.onDidChange((root) => {
      if (root) return;
      subscription.dispose();
      // The rules' first slice was queued while the roots were adopted: this runs right after it.
      setImmediate(() => {
        const loaded = api.roots.rootAt(folder());
        assert.ok(loaded, 'sliced/memory is a root');
        midCheck = api.problems.isChecking(loaded);
        // What an editor's typing and a deletion do: the store first, the disk after.
        api.roots.publish(loaded, [loaded.store.update(edited, secretText), loaded.store.remove(removed)]);
        changed = Promise.all([vscode.workspace.fs.writeFile(file(edited), encoder.encode(secretText)), vscode.workspace.fs.delete(file(removed))]).then(() => undefined);
      });
    });
    const started = Date.now();
    await vscode.commands.executeCommand('memoryShelf.refresh');
    console.log(`      [sliced check] ${COUNT} memories: refresh to last diagnostic ${Date.now() - started} ms`);
    await changed;
    assert.equal(midCheck, true, 'the change arrived while the rules were running');

    await eventually(() => {
      const shown = shownForRoot();
      assert.ok(shown.some((line) => line.startsWith(`${edited}:`) && line.endsWith(' secret')), `${edited} shows its secret`);
      assert.ok(shown.some((line) => line.startsWith(`${linker}:`) && line.endsWith(' link-dangling')), `${linker} links to a memory that is gone`);
      assert.ok(!shown.some((line) => line.startsWith(`${removed}:`)), `${removed} has no diagnostics left`);
    });
    const afterChange = shownForRoot();
    assert.ok(afterChange.length > COUNT / 2, `${afterChange.length} diagnostics`);

    // The same files checked from scratch, with nothing changing meanwhile, show exactly the same.
    await vscode.commands.executeCommand('memoryShelf.refresh');
    assert.deepEqual(shownForRoot(), afterChange);
  });
});
