import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashBytes, History } from '../../../src/history';
import { runHook } from '../../../src/history/hook/runHook';

const HOOK = join(__dirname, '..', '..', '..', '..', 'dist', 'hook.js');

/**
 * Hook input as Claude Code sends it (hooks reference: common fields, then tool_name, tool_input,
 * tool_use_id; PostToolUse adds tool_response).
 */
function input(event: 'PreToolUse' | 'PostToolUse', cwd: string, tool: string, toolInput: Record<string, unknown>): string {
  return JSON.stringify({
    session_id: '3f2c9a10-7b1e-4c55-9d0e-5a1f2b3c4d5e',
    transcript_path: join(cwd, '.transcript.jsonl'),
    cwd,
    permission_mode: 'default',
    hook_event_name: event,
    tool_name: tool,
    tool_input: toolInput,
    tool_use_id: 'toolu_01ABCDEF',
    ...(event === 'PostToolUse' ? { tool_response: { filePath: toolInput.file_path, success: true } } : {}),
  });
}

describe('the Claude Code hook', () => {
  let scratch: string;
  let project: string;
  let memory: string;
  let env: Record<string, string>;
  let history: History;

  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), 'memory-shelf-hook-'));
    project = join(scratch, 'project');
    memory = join(project, 'memory');
    mkdirSync(memory, { recursive: true });
    writeFileSync(join(memory, 'a.md'), '---\nname: a\ndescription: first\ntype: user\n---\nA\n');
    env = { MEMORY_SHELF_HISTORY_DIR: join(scratch, 'history'), CLAUDE_CONFIG_DIR: join(scratch, 'claude'), CLAUDE_PROJECT_DIR: project };
    history = History.open({ env });
  });

  afterEach(() => rmSync(scratch, { recursive: true, force: true }));

  const run = (stdin: string, gate = false) => runHook(stdin, { env, gate, homeDir: scratch, history });

  it('keeps the version before an Edit and records what the agent wrote, with session and tool', async () => {
    const file = join(memory, 'a.md');
    const before = readFileSync(file);
    assert.deepEqual(await run(input('PreToolUse', project, 'Edit', { file_path: file, old_string: 'A', new_string: 'B', replace_all: false })), { exitCode: 0, stderr: '' });
    writeFileSync(file, '---\nname: a\ndescription: first\ntype: user\n---\nB\n');
    assert.equal((await run(input('PostToolUse', project, 'Edit', { file_path: file, old_string: 'A', new_string: 'B' }))).exitCode, 0);
    const root = await history.root(memory);
    const versions = await root.versions('a.md');
    assert.deepEqual(versions.map((v) => [v.source, v.author, v.tool, v.sessionId]), [
      ['hook-pre', 'unknown', 'Edit', '3f2c9a10-7b1e-4c55-9d0e-5a1f2b3c4d5e'],
      ['hook-post', 'agent', 'Edit', '3f2c9a10-7b1e-4c55-9d0e-5a1f2b3c4d5e'],
    ]);
    assert.deepEqual(Buffer.from((await root.blob(versions[0].hash))!), before);
  });

  it('records a Write creating a memory and a MultiEdit, and ignores files outside memory folders', async () => {
    const file = join(memory, 'team', 'new.md');
    await run(input('PreToolUse', project, 'Write', { file_path: file, content: 'x' }));
    mkdirSync(join(memory, 'team'));
    writeFileSync(file, 'x');
    await run(input('PostToolUse', project, 'Write', { file_path: file, content: 'x' }));
    await run(input('PostToolUse', project, 'MultiEdit', { file_path: join(memory, 'a.md'), edits: [{ old_string: 'A', new_string: 'A' }] }));
    writeFileSync(join(project, 'src.md'), 'not memory');
    await run(input('PostToolUse', project, 'Write', { file_path: join(project, 'src.md'), content: 'not memory' }));
    const root = await history.root(memory);
    assert.deepEqual([...(await root.latest()).keys()].sort(), ['a.md', 'team/new.md']);
    assert.equal((await root.latestOf('team/new.md'))?.hash, hashBytes(Buffer.from('x')));
    assert.deepEqual((await history.roots()).map((r) => r.path), [root.rootPath]);
  });

  it('finds Claude Code\'s auto memory of any project under its config folder', async () => {
    const auto = join(scratch, 'claude', 'projects', '-home-ana-app', 'memory');
    mkdirSync(auto, { recursive: true });
    writeFileSync(join(auto, 'user_role.md'), 'role');
    await run(input('PreToolUse', project, 'Edit', { file_path: join(auto, 'user_role.md'), old_string: 'role', new_string: 'r' }));
    assert.equal((await (await history.root(auto)).latestOf('user_role.md'))?.hash, hashBytes(Buffer.from('role')));
  });

  it('acts on any folder the history already knows as a root (one named in the extension\'s settings)', async () => {
    const notes = join(scratch, 'notes');
    mkdirSync(notes);
    writeFileSync(join(notes, 'fact.md'), 'fact');
    assert.deepEqual(await history.roots(), []);
    await run(input('PreToolUse', project, 'Edit', { file_path: join(notes, 'fact.md'), old_string: 'f', new_string: 'g' }));
    assert.deepEqual(await history.roots(), []);
    const root = await history.root(notes);
    await root.record('other.md', Buffer.from('o'), { author: 'person', source: 'load' });
    await run(input('PreToolUse', project, 'Edit', { file_path: join(notes, 'fact.md'), old_string: 'f', new_string: 'g' }));
    assert.equal((await root.latestOf('fact.md'))?.hash, hashBytes(Buffer.from('fact')));
  });

  it('snapshots before `rm` in Bash and records the deletion after, by the agent', async () => {
    const command = { command: 'rm memory/a.md', description: 'Remove a stale memory' };
    await run(input('PreToolUse', project, 'Bash', command));
    rmSync(join(memory, 'a.md'));
    await run(input('PostToolUse', project, 'Bash', command));
    const versions = await (await history.root(memory)).versions('a.md');
    assert.deepEqual(versions.map((v) => [v.hash === '' ? 'deleted' : 'kept', v.author, v.tool]), [['kept', 'unknown', 'Bash'], ['deleted', 'agent', 'Bash']]);
  });

  it('with the gate, blocks an Edit or a deletion of an approved memory and says where to propose it', async () => {
    const root = await history.root(memory);
    await root.approve('a.md', readFileSync(join(memory, 'a.md')));
    const edit = await run(input('PreToolUse', project, 'Edit', { file_path: join(memory, 'a.md'), old_string: 'A', new_string: 'B' }), true);
    assert.equal(edit.exitCode, 2);
    assert.match(edit.stderr, /approved/);
    assert.ok(edit.stderr.includes(join(memory, 'a.proposed.md')));
    assert.match(edit.stderr, /status: pending/);
    const remove = await run(input('PreToolUse', project, 'Bash', { command: `rm ${join(memory, 'a.md')}` }), true);
    assert.equal(remove.exitCode, 2);
    assert.match(remove.stderr, /may not be deleted/);
    const wipe = await run(input('PreToolUse', project, 'Bash', { command: 'rm -rf memory' }), true);
    assert.equal(wipe.exitCode, 2);
    // The version is kept even when the call is blocked.
    assert.equal((await root.versions('a.md')).length, 1);
  });

  it('with the gate, lets a new memory, the proposal itself and an unchanged Write through', async () => {
    const root = await history.root(memory);
    const approved = readFileSync(join(memory, 'a.md'));
    await root.approve('a.md', approved);
    assert.equal((await run(input('PreToolUse', project, 'Write', { file_path: join(memory, 'a.proposed.md'), content: '---\nstatus: pending\n---\n' }), true)).exitCode, 0);
    assert.equal((await run(input('PreToolUse', project, 'Write', { file_path: join(memory, 'b.md'), content: 'b' }), true)).exitCode, 0);
    assert.equal((await run(input('PreToolUse', project, 'Write', { file_path: join(memory, 'a.md'), content: approved.toString('utf8') }), true)).exitCode, 0);
    // The gate can be set for one root in its root.json instead of at install.
    await root.updateSettings({ gate: true });
    assert.equal((await run(input('PreToolUse', project, 'Write', { file_path: join(memory, 'a.md'), content: 'changed' }))).exitCode, 2);
  });

  it('reads a file tool\'s input under the other names Claude Code accepts (path, file_text) and NotebookEdit', async () => {
    const file = join(memory, 'named.md');
    await run(input('PreToolUse', project, 'Write', { path: file, file_text: 'via path' }));
    writeFileSync(file, 'via path');
    await run(input('PostToolUse', project, 'Write', { path: file, file_text: 'via path' }));
    const root = await history.root(memory);
    assert.equal((await root.latestOf('named.md'))?.hash, hashBytes(Buffer.from('via path')));
    await root.approve('named.md', Buffer.from('via path'));
    assert.equal((await run(input('PreToolUse', project, 'Write', { path: file, file_text: 'changed' }), true)).exitCode, 2);
    assert.equal((await run(input('PreToolUse', project, 'Write', { path: file, file_text: 'via path' }), true)).exitCode, 0, 'the approved bytes again pass');
    assert.equal((await run(input('PreToolUse', project, 'Edit', { file: file, old_string: 'via', new_string: 'by' }), true)).exitCode, 2);
    const notebook = join(memory, 'n.ipynb');
    assert.equal((await run(input('PreToolUse', project, 'NotebookEdit', { notebook_path: notebook, new_source: 'x' }), true)).exitCode, 0);
  });

  it('never blocks the agent on its own failure: a broken history folder, bad input', async () => {
    writeFileSync(join(scratch, 'history'), 'a file where the folder should be');
    await (await history.root(memory)).approve('a.md', Buffer.from('x')).catch(() => undefined);
    for (const stdin of [input('PreToolUse', project, 'Edit', { file_path: join(memory, 'a.md'), old_string: 'A', new_string: 'B' }), '{not json', '', JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Write' })]) {
      assert.deepEqual(await run(stdin, true), { exitCode: 0, stderr: '' });
    }
  });

  it('runs as dist/hook.js: exit 0 on a pass, exit 2 with the reason on stderr when the gate blocks', async () => {
    const call = (stdin: string, gate: boolean) => spawnSync(process.execPath, [HOOK, '--memory-shelf-hook', ...(gate ? ['--gate'] : [])], { input: stdin, encoding: 'utf8', env: { ...process.env, ...env } });
    const pass = call(input('PreToolUse', project, 'Edit', { file_path: join(memory, 'a.md'), old_string: 'A', new_string: 'B' }), true);
    assert.equal(pass.status, 0, pass.stderr);
    await (await history.root(memory)).approve('a.md', readFileSync(join(memory, 'a.md')));
    const blocked = call(input('PreToolUse', project, 'Edit', { file_path: join(memory, 'a.md'), old_string: 'A', new_string: 'B' }), true);
    assert.equal(blocked.status, 2);
    assert.match(blocked.stderr, /Memory Shelf review gate/);
    const broken = spawnSync(process.execPath, [HOOK], { input: '{', encoding: 'utf8', env: { ...process.env, ...env, MEMORY_SHELF_HISTORY_DIR: join(memory, 'a.md') } });
    assert.deepEqual([broken.status, broken.stderr], [0, '']);
  });

  it('never records a file it could not read as deleted: a whole-folder snapshot past the descriptor limit (low)', async () => {
    const root = await history.root(memory);
    const files = Array.from({ length: 300 }, (_, i) => ({ path: `m${i}.md`, bytes: Buffer.from(`---\nname: m${i}\ndescription: memory ${i}\ntype: user\n---\nBody ${i}\n`) }));
    for (const file of files) writeFileSync(join(memory, file.path), file.bytes);
    await root.recordAll(files, { author: 'person', source: 'load' });
    const stdin = input('PostToolUse', project, 'Bash', { command: 'sed -i s/Body/body/ memory/*.md' });
    // Few descriptors: node needs some of them itself, the snapshot's reads find the rest taken.
    const result = spawnSync('bash', ['-c', `ulimit -n 100 && exec "${process.execPath}" "${HOOK}" --memory-shelf-hook`], { input: stdin, encoding: 'utf8', env: { ...process.env, ...env } });
    assert.equal(result.status, 0, result.stderr);
    const deleted = [...(await root.latest()).values()].filter((event) => event.hash === '').map((event) => event.path);
    assert.deepEqual(deleted, []);
  });
});
