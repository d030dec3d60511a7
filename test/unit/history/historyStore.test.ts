import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contentHash } from '../../../src/core';
import { hashBytes, History, historyDir, HistoryLocationError } from '../../../src/history';

const bytes = (text: string): Buffer => Buffer.from(text, 'utf8');

describe('history store', () => {
  let scratch: string;
  let history: History;
  let rootPath: string;
  let clock: number;

  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), 'memory-shelf-history-'));
    rootPath = join(scratch, 'memory');
    mkdirSync(rootPath);
    clock = Date.parse('2026-12-01T00:00:00Z');
    history = History.open({ dir: join(scratch, 'state', 'history'), now: () => new Date((clock += 1000)), env: { CLAUDE_CONFIG_DIR: join(scratch, 'claude') } });
  });

  afterEach(() => {
    rmSync(scratch, { recursive: true, force: true });
  });

  it('keeps each version once, by sha256 of its bytes, and lists them oldest first with who wrote them', async () => {
    const root = await history.root(rootPath);
    assert.equal((await root.record('a.md', bytes('one'), { author: 'person', source: 'load' })).kind, 'recorded');
    assert.equal((await root.record('a.md', bytes('one'), { author: 'agent', source: 'hook-post' })).kind, 'unchanged');
    assert.equal((await root.record('a.md', bytes('two'), { author: 'agent', source: 'hook-post', sessionId: 's-1', tool: 'Edit' })).kind, 'recorded');
    assert.equal((await root.record('a.md', undefined, { author: 'agent', source: 'hook-post', sessionId: 's-1', tool: 'Bash' })).kind, 'recorded');
    const versions = await root.versions('a.md');
    assert.deepEqual(versions.map((v) => [v.hash, v.author, v.source, v.sessionId ?? '']), [
      [hashBytes(bytes('one')), 'person', 'load', ''],
      [hashBytes(bytes('two')), 'agent', 'hook-post', 's-1'],
      ['', 'agent', 'hook-post', 's-1'],
    ]);
    assert.equal(Buffer.from((await root.blob(hashBytes(bytes('one'))))!).toString(), 'one');
    assert.equal((await root.latestOf('a.md'))?.hash, '');
    assert.deepEqual([...(await root.latest()).keys()], ['a.md']);
    // A deletion of a path never recorded has nothing to say.
    assert.equal((await root.record('never.md', undefined, { author: 'agent', source: 'cli' })).kind, 'unchanged');
  });

  it('attaches the session Claude Code\'s hook reports after the extension recorded the same version, once', async () => {
    const root = await history.root(rootPath);
    const disk = { author: 'agent', source: 'disk-change' } as const;
    const hook = { author: 'agent', source: 'hook-post', sessionId: 's-race', tool: 'Write' } as const;
    assert.equal((await root.record('a.md', bytes('agent text'), disk)).kind, 'recorded');
    assert.equal((await root.record('a.md', bytes('agent text'), hook)).kind, 'recorded');
    // The same hook event again, and the extension seeing the file again, add nothing.
    assert.equal((await root.record('a.md', bytes('agent text'), hook)).kind, 'unchanged');
    assert.equal((await root.record('a.md', bytes('agent text'), disk)).kind, 'unchanged');
    const lines = readFileSync(join(root.folder, 'log.jsonl'), 'utf8').split('\n').filter((line) => line.includes('"a.md"'));
    assert.equal(lines.length, 2);
    const latest = await root.latestOf('a.md');
    assert.deepEqual([latest?.sessionId, latest?.tool, latest?.author], ['s-race', 'Write', 'agent']);
    assert.equal((await root.latest()).get('a.md')?.sessionId, 's-race');
    // One version, seen first by the extension, said to be the session's.
    const versions = await root.versions('a.md');
    assert.deepEqual(versions.map((v) => [v.source, v.sessionId, v.tool]), [['disk-change', 's-race', 'Write']]);

    // The batch path (what the hook calls) does the same.
    await root.recordAll([{ path: 'b.md', bytes: bytes('b text') }], disk);
    assert.deepEqual((await root.recordAll([{ path: 'b.md', bytes: bytes('b text') }], hook)).map((r) => r.kind), ['recorded']);
    assert.deepEqual((await root.recordAll([{ path: 'b.md', bytes: bytes('b text') }], hook)).map((r) => r.kind), ['unchanged']);
    assert.equal((await root.latestOf('b.md'))?.sessionId, 's-race');
    // A version a session already wrote is not claimed by another that writes the same bytes.
    assert.equal((await root.record('b.md', bytes('b text'), { ...hook, sessionId: 's-other' })).kind, 'unchanged');
    // A person's version is not turned into the agent's by a later record with no session.
    await root.record('c.md', bytes('person text'), { author: 'person', source: 'save' });
    assert.equal((await root.record('c.md', bytes('person text'), disk)).kind, 'unchanged');

    // Compaction collapses the repeat and keeps the session on the version.
    for (let i = 0; i < 20; i++) await root.record('big.md', Buffer.alloc(1000, String(i % 10) + i), disk);
    const report = await history.prune(8000);
    assert.ok(report.removedBlobs > 0);
    const compacted = readFileSync(join(root.folder, 'log.jsonl'), 'utf8').split('\n').filter((line) => line.includes('"a.md"'));
    assert.equal(compacted.length, 1);
    assert.deepEqual([(await root.latestOf('a.md'))?.sessionId, (await root.latestOf('a.md'))?.source], ['s-race', 'disk-change']);
  });

  it('finds a path\'s latest version whether it lies in the log\'s last lines or far before them', async () => {
    const root = await history.root(rootPath);
    await root.record('early.md', bytes('early'), { author: 'person', source: 'load' });
    await root.recordAll(Array.from({ length: 2000 }, (_, i) => ({ path: `filler/${i}-${'x'.repeat(60)}.md`, bytes: bytes(String(i)) })), { author: 'person', source: 'load' });
    await root.record('late.md', bytes('late'), { author: 'agent', source: 'hook-post' });
    assert.ok(statSync(join(root.folder, 'log.jsonl')).size > 200 * 1024);
    assert.equal((await root.latestOf('early.md'))?.hash, hashBytes(bytes('early')));
    assert.equal((await root.latestOf('late.md'))?.author, 'agent');
    assert.equal((await root.latestOf('filler/1999-' + 'x'.repeat(60) + '.md'))?.hash, hashBytes(bytes('1999')));
    assert.equal(await root.latestOf('never.md'), undefined);
    await root.approve('early.md', bytes('early'));
    assert.equal(await root.approvedHash('early.md'), hashBytes(bytes('early')));
  });

  it('keys a root by its real path and names the path in root.json; folders 0700, files 0600', async () => {
    symlinkSync(rootPath, join(scratch, 'link'));
    const viaLink = await history.root(join(scratch, 'link'));
    const root = await history.root(rootPath);
    assert.equal(viaLink.folder, root.folder);
    await root.record('a.md', bytes('x'), { author: 'person', source: 'save' });
    assert.equal(JSON.parse(readFileSync(join(root.folder, 'root.json'), 'utf8')).path, root.rootPath);
    assert.deepEqual((await history.roots()).map((r) => r.path), [root.rootPath]);
    if (process.platform !== 'win32') {
      assert.equal(statSync(root.folder).mode & 0o777, 0o700);
      assert.equal(statSync(join(root.folder, 'log.jsonl')).mode & 0o777, 0o600);
      assert.equal(statSync(root.blobPath(hashBytes(bytes('x')))).mode & 0o777, 0o600);
    }
  });

  it('skips corrupt log lines and treats a missing or damaged blob as not kept, without throwing', async () => {
    const root = await history.root(rootPath);
    await root.record('a.md', bytes('one'), { author: 'person', source: 'load' });
    writeFileSync(join(root.folder, 'log.jsonl'), '{broken\n\u0000\u0001garbage\n', { flag: 'a' });
    await root.record('b.md', bytes('two'), { author: 'agent', source: 'disk-change' });
    assert.deepEqual((await root.events()).map((e) => e.path), ['a.md', 'b.md']);
    rmSync(root.blobPath(hashBytes(bytes('one'))));
    assert.equal(await root.blob(hashBytes(bytes('one'))), undefined);
    writeFileSync(root.blobPath(hashBytes(bytes('two'))), 'tampered');
    assert.equal(await root.blob(hashBytes(bytes('two'))), undefined);
    assert.equal(await root.blob('not-a-hash'), undefined);
  });

  it('reports a failed record instead of throwing when the history folder cannot be made', async () => {
    // A file where the folder should be: fails for every user, root included (a read-only folder would not).
    writeFileSync(join(scratch, 'state'), 'not a folder');
    const root = await history.root(rootPath);
    const result = await root.record('a.md', bytes('x'), { author: 'agent', source: 'hook-pre' });
    assert.equal(result.kind, 'failed');
    assert.deepEqual(await root.versions('a.md'), []);
  });

  it('refuses to write through a link put in place of its folders', async () => {
    const elsewhere = join(scratch, 'elsewhere');
    mkdirSync(elsewhere);
    mkdirSync(history.dir, { recursive: true });
    symlinkSync(elsewhere, join(history.dir, 'roots'));
    const root = await history.root(rootPath);
    assert.equal((await root.record('a.md', bytes('x'), { author: 'agent', source: 'hook-pre' })).kind, 'failed');
    assert.deepEqual(readdirSync(elsewhere), []);
  });

  it('approvals: per path, the latest wins; unapprove withdraws; settings keep the mode and gate', async () => {
    const root = await history.root(rootPath);
    const first = await root.approve('a.md', bytes('v1'));
    assert.equal(await root.approvedHash('a.md'), first);
    const second = await root.approve('a.md', bytes('v2'));
    await root.approve('b.md', bytes('b'));
    await root.unapprove('b.md');
    assert.deepEqual([...(await root.approvals())], [['a.md', second]]);
    assert.equal(await root.approvedHash('b.md'), undefined);
    await assert.rejects(root.approveHash('c.md', 'f'.repeat(64)));
    await root.updateSettings({ gate: true });
    await root.updateSettings({ mode: 'from-now' });
    assert.deepEqual(await root.settings(), { path: root.rootPath, gate: true, mode: 'from-now' });
  });

  it('approves many paths in one batch: new bytes kept, kept versions, withdrawals; the line format of approve', async () => {
    const root = await history.root(rootPath);
    await root.approve('gone.md', bytes('gone'));
    const kept = await root.keep(bytes('kept before'));
    await root.approveAll([
      { path: 'new.md', hash: hashBytes(bytes('new')), bytes: bytes('new') },
      { path: 'kept.md', hash: kept },
      { path: 'gone.md', hash: '' },
      { path: '결정/日本.md', hash: hashBytes(bytes('한국어')), bytes: bytes('한국어') },
    ]);
    assert.deepEqual([...(await root.approvals())].sort(), [
      ['kept.md', kept],
      ['new.md', hashBytes(bytes('new'))],
      ['결정/日本.md', hashBytes(bytes('한국어'))],
    ]);
    assert.equal(Buffer.from((await root.blob(hashBytes(bytes('new'))))!).toString(), 'new');
    assert.equal(await root.approvedHash('gone.md'), undefined);
    // The same lines approve and unapprove write, so the hook and older readers read them alike.
    const lines = readFileSync(join(root.folder, 'approvals.jsonl'), 'utf8').trimEnd().split('\n');
    assert.equal(lines.length, 5);
    for (const line of lines) assert.deepEqual(Object.keys(JSON.parse(line)), ['v', 'time', 'path', 'hash', 'prev', 'seal']);
    await root.approveAll([]);
    assert.equal(readFileSync(join(root.folder, 'approvals.jsonl'), 'utf8').trimEnd().split('\n').length, 5);
  });

  it('rejects a batch with a bad entry before writing any of it', async () => {
    const root = await history.root(rootPath);
    await root.approve('a.md', bytes('a'));
    const before = readFileSync(join(root.folder, 'approvals.jsonl'));
    const good = { path: 'b.md', hash: hashBytes(bytes('b')), bytes: bytes('b') };
    await assert.rejects(root.approveAll([good, { path: '../out.md', hash: '' }]), { code: 'EINVAL' });
    await assert.rejects(root.approveAll([good, { path: 'c.md', hash: hashBytes(bytes('c')), bytes: bytes('not c') }]), { code: 'EINVAL' });
    await assert.rejects(root.approveAll([good, { path: 'd.md', hash: 'e'.repeat(64) }]), { code: 'ENOENT' });
    assert.deepEqual(readFileSync(join(root.folder, 'approvals.jsonl')), before);
    assert.equal(await root.hasBlob(good.hash), false);
  });

  it('approves a first-run baseline of thousands of memories in whole lines, found again from the log\'s end', async () => {
    const root = await history.root(rootPath);
    const entries = Array.from({ length: 3000 }, (_, i) => ({ path: `topic/${i}-${'x'.repeat(80)}.md`, hash: hashBytes(bytes(`memory ${i}`)), bytes: bytes(`memory ${i}`) }));
    await root.approveAll(entries);
    const text = readFileSync(join(root.folder, 'approvals.jsonl'), 'utf8');
    assert.ok(text.length > 200 * 1024);
    const lines = text.trimEnd().split('\n');
    assert.equal(lines.length, 3000);
    for (const line of lines) JSON.parse(line);
    assert.equal((await root.approvals()).size, 3000);
    assert.equal(await root.approvedHash(entries[0].path), entries[0].hash);
    assert.equal(await root.approvedHash(entries[2999].path), entries[2999].hash);
  });

  it('imports approvals kept by VS Code once: from the file when its text still matches, else from the old copy', async () => {
    writeFileSync(join(rootPath, 'same.md'), 'unchanged text');
    writeFileSync(join(rootPath, 'edited.md'), 'edited since');
    const root = await history.root(rootPath);
    const legacy = { mode: 'from-now' as const, approved: { 'same.md': contentHash('unchanged text'), 'edited.md': contentHash('approved text'), 'gone.md': contentHash('lost') } };
    const copies = new Map([[contentHash('approved text'), bytes('approved text')]]);
    const readCurrent = async (path: string) => readFileSync(join(rootPath, path));
    const result = await root.importLegacyApprovals(legacy, contentHash, async (hash) => copies.get(hash), readCurrent);
    assert.deepEqual(result, { imported: 2, skipped: 1 });
    assert.equal(await root.approvedHash('same.md'), hashBytes(bytes('unchanged text')));
    assert.equal(Buffer.from((await root.blob((await root.approvedHash('edited.md'))!))!).toString(), 'approved text');
    assert.equal((await root.settings()).mode, 'from-now');
    assert.deepEqual(await root.importLegacyApprovals(legacy, contentHash, async () => undefined, readCurrent), { imported: 0, skipped: 0 });
  });

  it('prunes the oldest unpinned versions to the bound, keeps approved ones, and compacts the log', async () => {
    const root = await history.root(rootPath);
    const approved = await root.approve('a.md', Buffer.alloc(1000, 'a'));
    for (let i = 0; i < 20; i++) await root.record('a.md', Buffer.alloc(1000, String(i % 10) + i), { author: 'agent', source: 'disk-change' });
    await root.record('b.md', Buffer.alloc(1000, 'b'), { author: 'agent', source: 'disk-change' });
    const before = await history.size();
    assert.ok(before > 21_000);
    const report = await history.prune(8000);
    assert.ok(report.after <= 8000, `after ${report.after}`);
    assert.ok(report.removedBlobs > 0);
    assert.ok(await root.hasBlob(approved));
    // The newest versions survive; events of pruned ones are gone from the log.
    const versions = await root.versions('a.md');
    assert.ok(versions.length >= 1 && versions.length < 20);
    for (const version of versions) assert.ok(await root.hasBlob(version.hash));
    assert.equal((await root.latestOf('b.md'))?.hash, hashBytes(Buffer.alloc(1000, 'b')));
  });

  it('prunes a deleted memory\'s last version only after every older version (what --restore brings back)', async () => {
    const root = await history.root(rootPath);
    const first = Buffer.alloc(1000, 'f');
    const last = Buffer.alloc(1000, 'l');
    await root.record('gone.md', first, { author: 'agent', source: 'disk-change' });
    await root.record('gone.md', last, { author: 'agent', source: 'disk-change' });
    await root.record('gone.md', undefined, { author: 'agent', source: 'disk-change' });
    // Older versions of a memory still there, recorded after the deletion.
    for (let i = 0; i < 6; i++) await root.record('kept.md', Buffer.alloc(1000, String(i)), { author: 'agent', source: 'disk-change' });
    await history.prune((await history.size()) - 2500);
    assert.equal(await root.hasBlob(hashBytes(first)), false);
    assert.equal(await root.hasBlob(hashBytes(last)), true, 'the deleted memory\'s last version is kept');
    assert.equal(await root.hasBlob(hashBytes(Buffer.alloc(1000, '5'))), true);
  });

  it('clears one root or all of them, and nothing else in the folder', async () => {
    const other = join(scratch, 'other');
    mkdirSync(other);
    await (await history.root(rootPath)).record('a.md', bytes('x'), { author: 'person', source: 'save' });
    await (await history.root(other)).record('a.md', bytes('x'), { author: 'person', source: 'save' });
    writeFileSync(join(history.dir, 'someone-elses.txt'), 'keep');
    await history.clear(rootPath);
    assert.deepEqual((await history.roots()).map((r) => r.path), [(await history.root(other)).rootPath]);
    await history.clear();
    assert.deepEqual(readdirSync(history.dir), ['someone-elses.txt']);
  });

  it('clears only a roots/ folder it made: one holding anything else is refused, nothing deleted (low)', async () => {
    await (await history.root(rootPath)).record('a.md', bytes('x'), { author: 'person', source: 'save' });
    // MEMORY_SHELF_HISTORY_DIR pointed at a folder whose roots/ is someone else's.
    writeFileSync(join(history.dir, 'roots', 'my-notes.txt'), 'keep');
    mkdirSync(join(history.dir, 'roots', '0123456789abcdef0123456789abcdef'));
    writeFileSync(join(history.dir, 'roots', '0123456789abcdef0123456789abcdef', 'plan.md'), 'keep');
    await assert.rejects(history.clear(), /not made by Memory Shelf.*my-notes\.txt/);
    assert.equal(readFileSync(join(history.dir, 'roots', 'my-notes.txt'), 'utf8'), 'keep');
    assert.equal(readFileSync(join(history.dir, 'roots', '0123456789abcdef0123456789abcdef', 'plan.md'), 'utf8'), 'keep');
    assert.equal((await history.roots()).length, 1);
    // A roots/ that is a link is not followed.
    const elsewhere = join(scratch, 'elsewhere');
    mkdirSync(elsewhere);
    writeFileSync(join(elsewhere, 'x.txt'), 'keep');
    const linked = History.open({ dir: join(scratch, 'linked'), env: { CLAUDE_CONFIG_DIR: join(scratch, 'claude') } });
    mkdirSync(linked.dir);
    symlinkSync(elsewhere, join(linked.dir, 'roots'));
    await assert.rejects(linked.clear(), /not made by Memory Shelf/);
    assert.deepEqual(readdirSync(elsewhere), ['x.txt']);
  });

  it('refuses a history folder inside a memory root, a root inside it, or one in Claude Code\'s folder', async () => {
    const inside = History.open({ dir: join(rootPath, '.history'), env: {} });
    await assert.rejects(inside.root(rootPath), HistoryLocationError);
    await assert.rejects(history.root(join(history.dir, 'x')), HistoryLocationError);
    assert.throws(() => History.open({ dir: join(scratch, 'claude', 'history'), env: { CLAUDE_CONFIG_DIR: join(scratch, 'claude') } }), HistoryLocationError);
  });

  it('refuses a history folder named by MEMORY_SHELF_HISTORY_DIR that another user owns or others may write (low)', function () {
    if (process.platform === 'win32') this.skip();
    const env = (dir: string) => ({ MEMORY_SHELF_HISTORY_DIR: dir, CLAUDE_CONFIG_DIR: join(scratch, 'claude') });
    const shared = join(scratch, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o777);
    assert.throws(() => History.open({ env: env(shared) }), /writable by group or others \(mode 0777;/);
    // Nor one not made yet inside a folder anyone may write (without the sticky bit of /tmp).
    assert.throws(() => History.open({ env: env(join(shared, 'history')) }), /writable by group or others/);
    chmodSync(shared, 0o700);
    assert.equal(History.open({ env: env(join(shared, 'history')) }).dir, join(shared, 'history'));
    if (process.getuid?.() === 0) {
      chownSync(shared, 4242, 4242);
      assert.throws(() => History.open({ env: env(shared) }), /owned by another user \(uid 4242\)/);
    }
    // The default place and a folder a caller names in code are not this check's.
    assert.ok(History.open({ dir: shared, env: {} }));
  });

  it('lives where each platform keeps application state unless MEMORY_SHELF_HISTORY_DIR says', () => {
    assert.equal(historyDir({ env: { MEMORY_SHELF_HISTORY_DIR: '/tmp/h' }, platform: 'linux', homeDir: '/home/a' }), '/tmp/h');
    assert.equal(historyDir({ env: {}, platform: 'linux', homeDir: '/home/a' }), '/home/a/.local/state/memory-shelf/history');
    assert.equal(historyDir({ env: { XDG_STATE_HOME: '/x/state' }, platform: 'linux', homeDir: '/home/a' }), '/x/state/memory-shelf/history');
    assert.equal(historyDir({ env: { XDG_STATE_HOME: 'relative' }, platform: 'linux', homeDir: '/home/a' }), '/home/a/.local/state/memory-shelf/history');
    assert.equal(historyDir({ env: {}, platform: 'darwin', homeDir: '/Users/a' }), '/Users/a/Library/Application Support/memory-shelf/history');
  });

  it('keeps every line whole when several processes append at once', async () => {
    const root = await history.root(rootPath);
    await root.record('seed.md', bytes('seed'), { author: 'person', source: 'load' });
    const script = `
      const { History } = require(${JSON.stringify(join(__dirname, '..', '..', '..', 'src', 'history'))});
      (async () => {
        const root = await History.open({ dir: process.argv[1], env: {} }).root(process.argv[2]);
        for (let i = 0; i < 50; i++) await root.record('p' + process.argv[3] + '/' + i + '.md', Buffer.from('x'.repeat(2000) + i), { author: 'agent', source: 'hook-post', sessionId: 's'.repeat(100) });
      })();`;
    await Promise.all([0, 1, 2, 3].map((n) => new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, ['-e', script, history.dir, rootPath, String(n)], { stdio: 'inherit' });
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`exit ${code}`))));
    })));
    const text = readFileSync(join(root.folder, 'log.jsonl'), 'utf8');
    const lines = text.split('\n').filter(Boolean);
    assert.equal(lines.length, 201);
    assert.equal((await root.events()).length, 201);
  });

  it('seals approvals: an older unsealed log is stated again, concurrent approvers leave one clean chain, pruning keeps it sealed', async () => {
    const root = await history.root(rootPath);
    // A log an earlier version wrote, without seals.
    mkdirSync(root.folder, { recursive: true });
    const legacyHash = await root.keep(bytes('legacy'));
    writeFileSync(join(root.folder, 'approvals.jsonl'), JSON.stringify({ v: 1, time: '2026-01-01T00:00:00.000Z', path: 'old.md', hash: legacyHash }) + '\n');
    assert.equal(await root.approvedHash('old.md'), legacyHash);
    await root.approve('a.md', bytes('a'));
    assert.deepEqual([...(await root.approvals())].sort(), [['a.md', hashBytes(bytes('a'))], ['old.md', legacyHash]]);
    const script = `
      const { History } = require(${JSON.stringify(join(__dirname, '..', '..', '..', 'src', 'history'))});
      (async () => {
        const root = await History.open({ dir: process.argv[1], env: {} }).root(process.argv[2]);
        for (let i = 0; i < 15; i++) await root.approve('p' + process.argv[3] + '/' + i + '.md', Buffer.from('x' + i));
      })();`;
    await Promise.all([0, 1, 2].map((n) => new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, ['-e', script, history.dir, rootPath, String(n)], { stdio: 'inherit' });
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`exit ${code}`))));
    })));
    const reading = await root.approvalReading();
    assert.equal(reading.linesRemoved, false);
    assert.equal(reading.changedOutside.size, 0);
    assert.equal(reading.approved.size, 47);
    await history.prune(1);
    const compacted = await root.approvalReading();
    assert.equal(compacted.linesRemoved, false);
    assert.deepEqual([...compacted.approved].sort(), [...reading.approved].sort());
    // An unsealed line slipped in among the old ones later changes nothing.
    writeFileSync(join(root.folder, 'approvals.jsonl'), JSON.stringify({ v: 1, time: '2026-01-01T00:00:00.000Z', path: 'forged.md', hash: legacyHash }) + '\n' + readFileSync(join(root.folder, 'approvals.jsonl'), 'utf8'));
    assert.equal(await root.approvedHash('forged.md'), undefined);
    assert.equal((await root.approvals()).has('forged.md'), false);
  });
});
