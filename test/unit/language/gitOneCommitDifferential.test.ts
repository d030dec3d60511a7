import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseBlamePorcelain } from '../../../src/language/gitHistory';
import { oneCommitHistories } from '../../../src/language/gitOneCommitFiles';

/** A seeded stream of numbers in [0, 1), so a failure names the history that caused it. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
}

const dayOf = (seconds: number, zone: string) => parseBlamePorcelain(`${'c'.repeat(40)} 1 1 1\nauthor-time ${seconds}\nauthor-tz ${zone}\n\tx\n`)?.[0]?.day;

describe('the git one-commit shortcut against real blame, on generated histories', function () {
  this.timeout(60_000);

  // Histories with memories written, edited, renamed inside the root, moved in from outside it and
  // deleted, on two branches merged, then a dirty and an untracked file: whatever the shortcut vouches
  // for must read exactly as `git blame` has it.
  for (const seed of [1, 5, 11, 99, 2024]) {
    it(`seed ${seed}: every file it answers for reads as blame does`, () => {
      const random = seeded(seed);
      const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
      const repo = mkdtempSync(join(tmpdir(), 'memory-shelf-git-history-'));
      try {
        const root = join(repo, 'memory');
        const notes = join(repo, 'notes');
        mkdirSync(root);
        let day = 1;
        const git = (...args: string[]) => {
          const date = `2026-03-${String(day).padStart(2, '0')}T12:00:00+0${Math.floor(random() * 9)}00`;
          return spawnSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], { cwd: repo, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } });
        };
        git('init', '-q', '-b', 'main');
        const memories = () => readdirSync(root).filter((name) => name.endsWith('.md'));
        const line = () => pick(['Shipped yesterday.', 'Reviewed last week.', '어제 배포했다.', '昨日からリーダーになった', '**Why:** the API changed.', '']) + (random() < 0.2 ? '\r' : '');
        const write = (path: string) => writeFileSync(path, Array.from({ length: 1 + Math.floor(random() * 5) }, line).join('\n') + (random() < 0.8 ? '\n' : ''));
        const commit = () => {
          day++;
          for (let change = Math.floor(random() * 4); change >= 0; change--) {
            const roll = random();
            const present = memories();
            if (roll < 0.4 || present.length === 0) write(join(root, `project_${Math.floor(random() * 40)}.md`));
            else if (roll < 0.6) {
              const name = pick(present);
              writeFileSync(join(root, name), readFileSync(join(root, name), 'utf8') + line() + '\n');
            } else if (roll < 0.7) renameSync(join(root, pick(present)), join(root, `feedback_${Math.floor(random() * 40)}.md`));
            else if (roll < 0.8) {
              const name = `reference_${Math.floor(random() * 10)}.md`;
              mkdirSync(notes, { recursive: true });
              if (existsSync(join(notes, name))) renameSync(join(notes, name), join(root, name));
              else write(join(notes, name));
            } else if (roll < 0.85) unlinkSync(join(root, pick(present)));
            else write(join(root, `user_${Math.floor(random() * 40)}.md`));
          }
          git('add', '-A');
          git('commit', '-q', '-m', `day ${day}`);
        };
        for (let i = 0; i < 4; i++) commit();
        git('checkout', '-q', '-b', 'side');
        for (let i = 0; i < 2; i++) commit();
        git('checkout', '-q', 'main');
        for (let i = 0; i < 2; i++) commit();
        day++;
        if (git('merge', '-q', '--no-edit', 'side').status !== 0) {
          git('add', '-A');
          git('commit', '-q', '--no-edit');
        }
        for (let i = 0; i < 2; i++) commit();
        const present = memories();
        if (present.length > 0) writeFileSync(join(root, pick(present)), 'Edited today, not committed.\n');
        write(join(root, 'project_untracked.md'));

        const history = oneCommitHistories((args, input) => {
          const result = spawnSync('git', args, { cwd: root, input });
          return result.status === 0 ? result.stdout : undefined;
        }, dayOf);
        assert.ok(history, 'the shortcut is available');
        let vouched = 0;
        for (const name of memories()) {
          const answer = history(name);
          if (answer === undefined) continue;
          vouched++;
          const blame = spawnSync('git', ['blame', '--porcelain', '--', name], { cwd: root, encoding: 'utf8' });
          assert.deepEqual(answer, parseBlamePorcelain(blame.status === 0 ? blame.stdout : undefined), name);
        }
        assert.ok(vouched > 0, 'some file was written in one commit');
      } finally {
        rmSync(repo, { recursive: true, force: true });
      }
    });
  }
});
