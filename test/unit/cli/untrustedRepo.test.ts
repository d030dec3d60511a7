import * as assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURES } from '../helpers/fixtures';

const REPO = join(FIXTURES, '..', '..');
const CLI = join(REPO, 'dist', 'cli.js');
const posixOnly = process.platform === 'win32' ? it.skip : it;

interface Run { status: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }

/** The built CLI in `cwd`, its standard input open and silent (reading it would hang), killed after `boundMs`. */
function run(args: string[], cwd: string, configDir: string, boundMs = 60_000): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd, stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, CLAUDE_CONFIG_DIR: configDir } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), boundMs);
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      child.stdin.destroy();
      resolve({ status, signal, stdout, stderr });
    });
  });
}

const OUTSIDE_INDEX = '# Memory\n';
const OUTSIDE_MEMORY = '---\nname: deploy-keys\ndescription: the staging deploy key lives in the vault under ops/staging\ntype: reference\n---\nWritten yesterday.\n';

describe('memory-shelf check in a cloned repository', () => {
  let scratch: string;
  let clone: string;
  let outside: string;
  let configDir: string;

  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), 'memory-shelf-clone-'));
    clone = join(scratch, 'clone');
    outside = join(scratch, 'someone-elses-memory');
    configDir = join(scratch, 'claude-config');
    mkdirSync(join(clone, '.claude'), { recursive: true });
    mkdirSync(outside);
    mkdirSync(configDir);
    writeFileSync(join(outside, 'MEMORY.md'), OUTSIDE_INDEX);
    writeFileSync(join(outside, 'reference_deploy-keys.md'), OUTSIDE_MEMORY);
  });

  afterEach(() => rmSync(scratch, { recursive: true, force: true }));

  for (const file of ['settings.local.json', 'settings.json']) {
    it(`does not let a committed .claude/${file} point --fix at a folder outside the clone`, async () => {
      writeFileSync(join(clone, '.claude', file), JSON.stringify({ autoMemoryDirectory: outside }));
      const result = await run(['check', '--fix', '--json'], clone, configDir);
      assert.equal(result.status, 2, result.stderr);
      assert.equal(readFileSync(join(outside, 'MEMORY.md'), 'utf8'), OUTSIDE_INDEX, 'the outside index is untouched');
      assert.equal(readFileSync(join(outside, 'reference_deploy-keys.md'), 'utf8'), OUTSIDE_MEMORY, 'the outside memory is untouched');
      assert.ok(!result.stdout.includes('vault') && !result.stderr.includes('vault'), 'no outside description printed');
      assert.match(result.stderr, new RegExp(`ignored autoMemoryDirectory in .*\\.claude/${file.replace('.', '\\.')}.*--trust-claude-settings`));
    });
  }

  it('with --trust-claude-settings, checks the folder the settings name, says which file chose it, and writes only inside it', async () => {
    writeFileSync(join(clone, '.claude', 'settings.local.json'), JSON.stringify({ autoMemoryDirectory: outside }));
    // A linked folder inside the chosen root must not carry a write out of it.
    const elsewhere = join(scratch, 'elsewhere');
    mkdirSync(elsewhere);
    symlinkSync(elsewhere, join(outside, 'linked'));
    const result = await run(['check', '--fix', '--json', '--trust-claude-settings'], clone, configDir);
    assert.ok(result.status === 0 || result.status === 1, result.stderr);
    assert.match(result.stderr, /checking .*someone-elses-memory, chosen by autoMemoryDirectory in .*\.claude\/settings\.local\.json/);
    assert.match(readFileSync(join(outside, 'MEMORY.md'), 'utf8'), /reference_deploy-keys\.md/, 'the person asked for it: the index entry is added');
  });

  it('documents the flag in --help', async () => {
    const result = await run(['--help'], clone, configDir);
    assert.match(result.stdout, /--trust-claude-settings/);
  });

  posixOnly('does not hang on a FIFO or /dev/zero where settings and the .git pointer are read', async () => {
    execFileSync('mkfifo', [join(clone, '.claude', 'settings.local.json')]);
    symlinkSync('/dev/stdin', join(clone, '.claude', 'settings.json'));
    symlinkSync('/dev/zero', join(clone, '.git'));
    const started = Date.now();
    const result = await run(['check'], clone, configDir, 30_000);
    assert.equal(result.signal, null, `killed after ${Date.now() - started} ms`);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /no memory folder here/);
  });
});
