import * as assert from 'node:assert/strict';
import { readRoot, streamRoot, type ReadFile } from '../../../src/reader';
import { FakeReaderHost } from './fakeReaderHost';

const memory = (name: string, body: string): string => `---\nname: ${name}\ndescription: ${body.slice(0, 30)}\ntype: feedback\n---\n${body}\n`;
const byPath = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

// Names that sort differently as whole paths than a folder walk meets them: `-` and `.` come before `/`.
const TREE: Record<string, string> = {
  '/r/MEMORY.md': '# Memory\n\n- [Testing](feedback_testing.md) — 통합 테스트 먼저\n',
  '/r/feedback_testing.md': memory('feedback-testing', '통합 테스트를 먼저 돌린다. 단위 테스트만으로는 감시자 버그를 놓쳤다.'),
  '/r/project-notes.md': memory('project-notes', 'Release on Thursday after the "Deploy" check in Settings › CI passes.'),
  '/r/project.md': memory('project', '共有ドライブに実測データを置く。'),
  '/r/project/release_train.md': memory('release-train', 'Cut the branch on Monday; the train leaves 2 days later.'),
  '/r/project/archive/old_plan.md': memory('old-plan', 'Superseded by the release train.'),
  '/r/user_role.md': memory('user-role', 'バックエンド担当、2週目の当番。'),
};

describe('streamRoot: files handed over as they are read', () => {
  it('hands every file over in path order however the reads finish, each before the read ends', async () => {
    const host = new FakeReaderHost(TREE);
    const sorted = Object.keys(TREE).map((path) => path.slice('/r/'.length)).sort(byPath);
    const last = sorted[sorted.length - 1];
    // Earlier paths are held longer, so the reads finish in about the reverse of path order...
    const rank = new Map(sorted.map((path, i) => [`/r/${path}`, sorted.length - i]));
    // ...and the last one waits until every file before it has been handed over.
    let letLastGo: () => void = () => undefined;
    const lastHeld = new Promise<void>((resolve) => (letLastGo = resolve));
    host.holdRead = (path) => (path === `/r/${last}` ? lastHeld : new Promise((resolve) => setTimeout(resolve, 3 * (rank.get(path) ?? 0))));
    const arrived: string[] = [];
    let ended = false;
    let beforeLast: { arrived: string[]; ended: boolean } | undefined;
    const reading = streamRoot(host, '/r', (file: ReadFile) => {
      arrived.push(file.path);
      if (arrived.length === sorted.length - 1) {
        beforeLast = { arrived: [...arrived], ended };
        letLastGo();
      }
    }).then((read) => {
      ended = true;
      return read;
    });
    const read = await reading;
    assert.deepEqual(beforeLast, { arrived: sorted.slice(0, -1), ended: false }, 'every file but the last was in hand while the last was still being read');
    assert.deepEqual(arrived, sorted);
    assert.deepEqual(read.skipped, []);
  });

  it('keeps readRoot whole, its files in path order', async () => {
    const read = await readRoot(new FakeReaderHost(TREE), '/r', { concurrency: 3 });
    assert.deepEqual([...read.files.keys()], Object.keys(TREE).map((path) => path.slice('/r/'.length)).sort(byPath));
    assert.equal(read.files.get('project.md')?.text, TREE['/r/project.md']);
  });

  it('reports a file refused in the middle of the stream, and the files after it still come', async () => {
    const host = new FakeReaderHost({
      ...TREE,
      '/r/photo_of_whiteboard.md': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      '/r/project/gone.md': memory('gone', 'Deleted while the folder was read.'),
      '/r/locked/reference_vpn.md': memory('reference-vpn', 'VPN settings live in the wiki.'),
    });
    host.onRead = (path) => (path === '/r/project/gone.md' ? { kind: 'missing' } : undefined);
    host.unlistable.add('/r/locked');
    const arrived: string[] = [];
    const read = await streamRoot(host, '/r', (file) => void arrived.push(file.path));
    assert.deepEqual(arrived, Object.keys(TREE).map((path) => path.slice('/r/'.length)).sort(byPath));
    assert.deepEqual(read.skipped.map((skip) => `${skip.path} ${skip.reason.kind}`), ['locked folder-unreadable', 'photo_of_whiteboard.md binary', 'project/gone.md vanished']);
  });

  it('hands over the one file or folder `start` names, and nothing for a path that is gone', async () => {
    const arrived: string[] = [];
    await streamRoot(new FakeReaderHost(TREE), '/r', (file) => void arrived.push(file.path), { start: 'project' });
    assert.deepEqual(arrived, ['project/archive/old_plan.md', 'project/release_train.md']);
    arrived.length = 0;
    await streamRoot(new FakeReaderHost(TREE), '/r', (file) => void arrived.push(file.path), { start: 'project/missing.md' });
    assert.deepEqual(arrived, []);
  });
});
