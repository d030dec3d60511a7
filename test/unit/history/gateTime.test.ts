import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { History } from '../../../src/history';

const HOOK = join(__dirname, '..', '..', '..', '..', 'dist', 'hook.js');
/** Files an agent may add to a memory folder (it is allowed to) before it tries to delete the folder. */
const FILES = 10_000;

/**
 * Issue #36, Medium 2: the gate copied the whole folder before it answered, so after an agent added
 * ten thousand files `rm -rf memory` outlasted the hook's timeout and Claude Code let it through.
 * The answer comes first now, in a time that does not grow with the folder.
 */
describe('the gate answers in bounded time', function () {
  this.timeout(120_000);
  let scratch: string;
  let project: string;
  let env: Record<string, string>;

  before(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'memory-shelf-gate-time-'));
    project = join(scratch, 'project');
    const memory = join(project, 'memory');
    mkdirSync(join(memory, 'flood'), { recursive: true });
    writeFileSync(join(memory, 'x.md'), '---\nname: x\ndescription: approved\ntype: user\n---\nX\n');
    const body = 'filler '.repeat(200);
    for (let i = 0; i < FILES; i++) writeFileSync(join(memory, 'flood', `f${i}.md`), `${body}${i}\n`);
    env = { MEMORY_SHELF_HISTORY_DIR: join(scratch, 'history'), CLAUDE_CONFIG_DIR: join(scratch, 'claude'), CLAUDE_PROJECT_DIR: project, HOME: scratch };
    await (await History.open({ env }).root(memory)).approve('x.md', readFileSync(join(memory, 'x.md')));
  });

  after(() => rmSync(scratch, { recursive: true, force: true }));

  const call = (gate: boolean, command: string) => {
    const stdin = JSON.stringify({ session_id: 's', transcript_path: join(scratch, 't.jsonl'), cwd: project, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command } });
    const started = Date.now();
    const result = spawnSync(process.execPath, [HOOK, '--memory-shelf-hook', ...(gate ? ['--gate'] : [])], { input: stdin, encoding: 'utf8', cwd: project, env: { PATH: process.env.PATH ?? '', ...env } });
    return { ...result, ms: Date.now() - started };
  };

  it(`blocks rm -rf memory in a folder of ${FILES} files in well under the 10 s timeout, copying nothing first`, () => {
    const result = call(true, 'rm -rf memory');
    assert.equal(result.status, 2, result.stderr);
    assert.ok(result.ms < 3000, `answered in ${result.ms} ms`);
  });

  it('keeps versions of a whole folder for at most its budget when the call goes ahead (record mode)', () => {
    const result = call(false, 'rm -rf memory/flood');
    assert.equal(result.status, 0, result.stderr);
    assert.ok(result.ms < 8000, `answered in ${result.ms} ms`);
  });
});
