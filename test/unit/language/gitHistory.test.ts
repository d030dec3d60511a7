import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { forgetWorkTree, gitBlameHistory, parseBlamePorcelain } from '../../../src/language/gitHistory';
import { oneCommitHistories } from '../../../src/language/gitOneCommitFiles';

const SHA_A = 'a'.repeat(40);
const SHA_B = 'b'.repeat(40);
const UNCOMMITTED = '0'.repeat(40);

describe('git history of lines for the CLI', () => {
  it('reads porcelain blame: each line its text and the day in its author’s zone, nothing for uncommitted lines', () => {
    const porcelain = [
      `${SHA_A} 1 1 2`, 'author Ada', 'author-time 1774450800', 'author-tz +0900', 'summary first', 'filename m.md', '\t---',
      `${SHA_A} 2 2`, '\tname: m',
      `${UNCOMMITTED} 3 3 1`, 'author Not Committed Yet', 'author-time 1785000000', 'author-tz +0000', 'filename m.md', '\tShipped yesterday.',
      `${SHA_B} 4 4 1`, 'author Bo', 'author-time 1774483200', 'author-tz -0500', 'filename m.md', '\tFixed today.',
      '',
    ].join('\n');
    // 1774450800 is 2026-03-25 15:00 UTC: 2026-03-26 in Seoul; 1774483200 is 2026-03-26 00:00 UTC: 2026-03-25 in New York.
    assert.deepEqual(parseBlamePorcelain(porcelain), [
      { text: '---', day: { year: 2026, month: 3, day: 26 } },
      { text: 'name: m', day: { year: 2026, month: 3, day: 26 } },
      undefined,
      { text: 'Fixed today.', day: { year: 2026, month: 3, day: 25 } },
    ]);
    assert.equal(parseBlamePorcelain(undefined), undefined);
  });

  it('blames a tracked file in a real repository, and gives nothing outside one', () => {
    const repo = mkdtempSync(join(tmpdir(), 'memory-shelf-git-'));
    try {
      const git = (...args: string[]) => spawnSync('git', args, { cwd: repo, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_DATE: '2026-03-25T10:00:00+09:00', GIT_COMMITTER_DATE: '2026-03-25T10:00:00+09:00' } });
      git('init', '-q');
      writeFileSync(join(repo, 'm.md'), 'Shipped yesterday.\n');
      git('add', 'm.md');
      git('-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-q', '-m', 'm');
      writeFileSync(join(repo, 'm.md'), 'Shipped yesterday.\nAdded later.\n');
      const history = gitBlameHistory(repo)('m.md');
      assert.deepEqual(history?.[0], { text: 'Shipped yesterday.', day: { year: 2026, month: 3, day: 25 } });
      assert.equal(history?.[1], undefined);
      assert.equal(gitBlameHistory(repo)('untracked.md'), undefined);
      const outside = mkdtempSync(join(tmpdir(), 'memory-shelf-nogit-'));
      assert.equal(gitBlameHistory(outside)('m.md'), undefined);
      // A folder below the work tree, and a link from outside any repository into it, are still asked of git.
      mkdirSync(join(repo, 'memory'));
      writeFileSync(join(repo, 'memory', 'n.md'), 'Written yesterday.\n');
      git('add', 'memory/n.md');
      git('-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-q', '-m', 'n');
      const roots = [join(repo, 'memory')];
      if (process.platform !== 'win32') {
        symlinkSync(join(repo, 'memory'), join(outside, 'memory'));
        roots.push(join(outside, 'memory'));
      }
      for (const root of roots) {
        assert.deepEqual(gitBlameHistory(root)('n.md'), [{ text: 'Written yesterday.', day: { year: 2026, month: 3, day: 25 } }], root);
      }
      rmSync(outside, { recursive: true, force: true });
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });

  // The shortcut must say for each file it vouches for exactly what blame says, and leave the rest to blame.
  it('answers one-commit files as blame does, from a few git processes, and leaves renamed, edited and uncommitted files to blame', () => {
    const repo = mkdtempSync(join(tmpdir(), 'memory-shelf-git-'));
    try {
      const root = join(repo, 'memory');
      mkdirSync(root);
      mkdirSync(join(repo, 'notes'));
      const git = (cwd: string, date: string, ...args: string[]) =>
        spawnSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], { cwd, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } });
      const first = '2026-03-20T23:30:00-05:00';
      const second = '2026-03-25T08:00:00+09:00';
      git(repo, first, 'init', '-q');
      writeFileSync(join(root, 'project_release.md'), '---\nname: release\n---\nShipped yesterday.\n');
      writeFileSync(join(root, 'feedback_testing.md'), '---\r\nname: feedback-testing\r\n---\r\n어제 배포했다.\r\n');
      writeFileSync(join(root, 'user_role.md'), '---\nname: user_role\n---\n昨日からリーダー'); // no final newline
      writeFileSync(join(root, 'reference_empty.md'), '');
      writeFileSync(join(root, 'project_edited.md'), 'one\ntwo\n');
      writeFileSync(join(root, 'project_dirty.md'), 'Done last week.\n');
      writeFileSync(join(repo, 'notes', 'project_moved.md'), 'Moved in from notes/, written last week.\n');
      git(repo, first, 'add', '-A');
      git(repo, first, 'commit', '-q', '-m', 'first');
      writeFileSync(join(root, 'project_edited.md'), 'one\ntwo, edited yesterday\nthree\n');
      writeFileSync(join(root, 'project_later.md'), 'Added a day later.\n');
      git(repo, second, 'add', '-A');
      git(repo, second, 'commit', '-q', '-m', 'second');
      // Blame follows a file moved into the root back to where it was written; the root's own log shows it added.
      git(repo, second, 'mv', 'notes/project_moved.md', 'memory/project_moved.md');
      git(repo, second, 'commit', '-q', '-m', 'third');
      writeFileSync(join(root, 'project_dirty.md'), 'Done last week.\nAnd today.\n');
      writeFileSync(join(root, 'project_staged.md'), 'Staged today.\n');
      git(repo, second, 'add', 'memory/project_staged.md');
      writeFileSync(join(root, 'project_untracked.md'), 'Not tracked.\n');

      const runs: string[] = [];
      const history = oneCommitHistories((args, input) => {
        runs.push(args[0]);
        const result = spawnSync('git', args, { cwd: root, input });
        return result.status === 0 ? result.stdout : undefined;
      }, (seconds, zone) => parseBlamePorcelain(`${'c'.repeat(40)} 1 1 1\nauthor-time ${seconds}\nauthor-tz ${zone}\n\tx\n`)?.[0]?.day);
      assert.ok(history, 'the shortcut is available in a plain repository');
      assert.ok(runs.length <= 6, `a few git processes for the whole root: ${runs.join(' ')}`);
      const vouched = ['feedback_testing.md', 'project_later.md', 'project_release.md', 'reference_empty.md', 'user_role.md'];
      const left = ['project_dirty.md', 'project_edited.md', 'project_moved.md', 'project_staged.md', 'project_untracked.md'];
      const blame = (path: string) => {
        const result = spawnSync('git', ['blame', '--porcelain', '--', path], { cwd: root, encoding: 'utf8' });
        return parseBlamePorcelain(result.status === 0 ? result.stdout : undefined);
      };
      for (const path of vouched) assert.deepEqual(history(path), blame(path), path);
      for (const path of left) assert.equal(history(path), undefined, path);
      // The days come from each file's own commit, in its author's zone.
      assert.deepEqual(history('project_release.md')?.[0]?.day, { year: 2026, month: 3, day: 20 });
      assert.deepEqual(history('project_later.md')?.[0]?.day, { year: 2026, month: 3, day: 25 });
      assert.equal(history('reference_empty.md')?.length, 0);

      // Through the provider the CLI uses, every file (past the first blames) reads as blame has it.
      const provider = gitBlameHistory(root);
      for (const path of [...left, ...vouched.slice(0, 4), ...left]) assert.deepEqual(provider(path), blame(path), path);
      // A file --fix wrote after the shortcut read the work tree is blamed, its new line uncommitted.
      writeFileSync(join(root, 'user_role.md'), '---\nname: user_role\n---\n昨日からリーダー\nAdded by --fix today.\n');
      forgetWorkTree(root);
      assert.deepEqual(provider('user_role.md'), blame('user_role.md'));
      assert.equal(provider('user_role.md')?.[4], undefined);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });
});
