import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURES } from '../helpers/fixtures';

// Roots written the way each shape Claude Code writes today looks (typed, durable lessons with pins,
// a generated index, an index with HTML comments, protected subfolders), in Korean, Japanese and
// English. `expected.json` lists every finding ("file:line code") and nothing else; `args` are extra
// CLI arguments (a forced `--shape`).
const CORPUS = join(FIXTURES, 'shapes');
const CLI = join(FIXTURES, '..', '..', 'dist', 'cli.js');

interface Expected {
  readonly findings: readonly string[];
  readonly args?: readonly string[];
}

function check(root: string, args: readonly string[]): string[] {
  const result = spawnSync(process.execPath, [CLI, 'check', '.', '--json', '--fail-on', 'hint', ...args], {
    cwd: root, encoding: 'utf8', env: { ...process.env, CLAUDE_CONFIG_DIR: join(tmpdir(), 'memory-shelf-no-claude') },
  });
  assert.ok(result.status === 0 || result.status === 1, `check exited ${result.status}: ${result.stderr}`);
  const report = JSON.parse(result.stdout) as { problems: { file: string; line: number; code: string }[] };
  return report.problems.map((p) => `${p.file.replace(/^\.\//, '')}:${p.line} ${p.code}`).sort();
}

describe('memory shapes of current Claude Code: each root checked with no false finding', () => {
  const cases = existsSync(CORPUS) ? readdirSync(CORPUS).filter((name) => existsSync(join(CORPUS, name, 'expected.json'))).sort() : [];

  it('has cases in Korean, Japanese and English', () => {
    for (const language of ['ko', 'ja', 'en']) assert.ok(cases.some((name) => name.startsWith(`${language}-`)), `no ${language}- case`);
  });

  for (const name of cases) {
    it(`${name}: reports exactly the labeled findings`, () => {
      // Laid out as Claude Code keeps an auto memory folder: the only kind whose index it may generate.
      const base = mkdtempSync(join(tmpdir(), `memory-shelf-shape-${name}-`));
      const root = join(base, 'projects', `-home-ana-${name}`, 'memory');
      try {
        cpSync(join(CORPUS, name), root, { recursive: true });
        rmSync(join(root, 'expected.json'));
        const expected = JSON.parse(readFileSync(join(CORPUS, name, 'expected.json'), 'utf8')) as Expected;
        assert.deepEqual(check(root, expected.args ?? []), [...expected.findings].sort());
      } finally {
        rmSync(base, { recursive: true, force: true });
      }
    });
  }

  it('a project memory/ folder without MEMORY.md has no generated index: Claude Code loads it only through an import of its MEMORY.md', () => {
    for (const name of cases.filter((candidate) => candidate.includes('generated'))) {
      const base = mkdtempSync(join(tmpdir(), `memory-shelf-shape-${name}-`));
      const root = join(base, 'repo', 'memory');
      try {
        cpSync(join(CORPUS, name), root, { recursive: true });
        rmSync(join(root, 'expected.json'));
        assert.deepEqual(check(root, []).filter((finding) => / index-/.test(finding)), [], name);
        // Forced by --shape, it is checked as generated wherever it lies.
        const expected = JSON.parse(readFileSync(join(CORPUS, name, 'expected.json'), 'utf8')) as Expected;
        assert.deepEqual(check(root, ['--shape', 'generated-index', ...(expected.args ?? [])]).filter((finding) => / index-/.test(finding)), expected.findings.filter((finding) => / index-/.test(finding)).sort(), name);
      } finally {
        rmSync(base, { recursive: true, force: true });
      }
    }
  });
});
