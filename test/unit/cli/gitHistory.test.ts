import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gitLineHistory, parseBlamePorcelain } from '../../../src/cli/gitHistory';

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
      const history = gitLineHistory(repo)('m.md');
      assert.deepEqual(history?.[0], { text: 'Shipped yesterday.', day: { year: 2026, month: 3, day: 25 } });
      assert.equal(history?.[1], undefined);
      assert.equal(gitLineHistory(repo)('untracked.md'), undefined);
      const outside = mkdtempSync(join(tmpdir(), 'memory-shelf-nogit-'));
      assert.equal(gitLineHistory(outside)('m.md'), undefined);
      rmSync(outside, { recursive: true, force: true });
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });
});
