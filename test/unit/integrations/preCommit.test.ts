import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { FIXTURES } from '../helpers/fixtures';
import { GREEN_REPO, RED_REPO, writeRepo } from './memoryRepos';

const REPO = join(FIXTURES, '..', '..');

interface Hook { id: string; entry: string; language: string; files: string; require_serial?: boolean; pass_filenames?: boolean }

const hook = (parse(readFileSync(join(REPO, '.pre-commit-hooks.yaml'), 'utf8')) as Hook[]).find((h) => h.id === 'memory-shelf')!;

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd, encoding: 'utf8' });
}

/**
 * What pre-commit does for this hook: the staged files (added, copied, modified, renamed) whose path
 * matches `files`, appended to `entry`, the entry's command found on the PATH of the environment it
 * installed from `npm pack` of this repository, i.e. this package.json's `bin`.
 */
function runHook(cwd: string): { status: number | null; stdout: string } {
  const staged = git(cwd, 'diff', '--staged', '--name-only', '--diff-filter=ACMR', '-z').split('\0').filter((path) => path !== '');
  const files = staged.filter((path) => new RegExp(hook.files).test(path));
  const [command, ...args] = hook.entry.split(' ');
  const bin = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { bin: Record<string, string> }).bin[command];
  assert.ok(bin, `package.json has a bin named ${command}`);
  const result = spawnSync(process.execPath, [join(REPO, bin), ...args, ...files], { cwd, encoding: 'utf8', env: { ...process.env, CLAUDE_CONFIG_DIR: join(tmpdir(), 'memory-shelf-no-claude') } });
  return { status: result.status, stdout: result.stdout };
}

describe('the pre-commit hook (.pre-commit-hooks.yaml), its entry run as pre-commit runs it', function () {
  this.timeout(60_000);
  let repo: string;

  beforeEach(() => {
    repo = mkdtempSync(join(tmpdir(), 'memory-shelf-precommit-'));
    git(repo, 'init', '-q');
  });

  afterEach(() => {
    rmSync(repo, { recursive: true, force: true });
  });

  it('is a node hook, one process, whose tarball holds the checker it names', () => {
    assert.equal(hook.language, 'node');
    assert.equal(hook.require_serial, true);
    assert.notEqual(hook.pass_filenames, false);
    const packed = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: REPO, encoding: 'utf8' })) as { files: { path: string }[] }[];
    assert.deepEqual(packed[0].files.map((file) => file.path).sort(), ['LICENSE', 'README.md', 'dist/cli.js', 'package.json']);
    const manifest = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    assert.match(manifest.scripts.prepare, /esbuild\.mjs/, 'pre-commit\'s npm install builds dist/cli.js before packing');
  });

  it('green: the staged memories are in order', () => {
    writeRepo(repo, GREEN_REPO);
    git(repo, 'add', '-A');
    const result = runHook(repo);
    assert.equal(result.status, 0, result.stdout);
    assert.match(result.stdout, /3 memories in 2 roots, no problems/);
  });

  it('red: reports the staged files\' problems, in both folders, and fails the commit', () => {
    writeRepo(repo, RED_REPO);
    git(repo, 'add', '-A');
    const result = runHook(repo);
    assert.equal(result.status, 1);
    // In the order git lists the staged files, folder by folder.
    assert.deepEqual(result.stdout.trimEnd().split('\n').slice(0, -1).map((line) => line.split(' ').slice(0, 3).join(' ')), [
      '.claude/agent-memory/reviewer/feedback_style.md:4:7 warning type-unknown',
      'memory/feedback_reviews.md:2:7 warning index-unlisted',
      'memory/project_release.md:6:22 warning relative-date',
      // Then the page of each code printed.
      'index-unlisted: https://github.com/memory-shelf/memory-shelf/blob/main/docs/rules/index-unlisted.md',
      'relative-date: https://github.com/memory-shelf/memory-shelf/blob/main/docs/rules/relative-date.md',
      'type-unknown: https://github.com/memory-shelf/memory-shelf/blob/main/docs/rules/type-unknown.md',
    ]);
    assert.doesNotMatch(result.stdout, /README/, 'a README outside memory folders is not checked');
  });

  it('checks only what is being committed: a broken memory left unstaged does not fail the commit', () => {
    writeRepo(repo, GREEN_REPO);
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'green');
    writeRepo(repo, { 'memory/project_release.md': RED_REPO['memory/project_release.md'], 'memory/feedback_tabs.md': GREEN_REPO['memory/feedback_tabs.md'] + '\nStill tabs.\n' });
    git(repo, 'add', 'memory/feedback_tabs.md');
    const clean = runHook(repo);
    assert.equal(clean.status, 0, clean.stdout);
    git(repo, 'add', 'memory/project_release.md');
    const dirty = runHook(repo);
    assert.equal(dirty.status, 1);
    assert.match(dirty.stdout, /^memory\/project_release\.md:6:22 warning relative-date/m);
    assert.doesNotMatch(dirty.stdout, /feedback_tabs/);
  });

  it('a commit touching no memory passes without reading anything', () => {
    writeRepo(repo, { 'README.md': 'See you tomorrow.\n', 'docs/notes.md': 'Next week.\n' });
    git(repo, 'add', '-A');
    const result = runHook(repo);
    assert.equal(result.status, 0);
    assert.match(result.stdout, /0 memories in 0 roots, no problems/);
  });
});
