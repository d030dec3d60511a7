import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { FIXTURES } from '../helpers/fixtures';

// The labeled corpus: each folder of test/fixtures/trust-corpus is a memory root written the way real
// folders look, with `expected.json` listing every finding a person agrees is a problem
// ("file:line code", 1-based line) and nothing else. Beside a file that `--fix` must change stands
// `<file>.fixed` with the exact bytes it must have afterwards; every other file must keep its bytes.
const CORPUS = join(FIXTURES, 'trust-corpus');
const CLI = join(FIXTURES, '..', '..', 'dist', 'cli.js');

interface Expected {
  readonly findings: readonly string[];
}

function check(root: string, fix: boolean): string[] {
  const result = spawnSync(process.execPath, [CLI, 'check', '.', '--json', '--fail-on', 'hint', ...(fix ? ['--fix'] : [])], {
    cwd: root, encoding: 'utf8', env: { ...process.env, CLAUDE_CONFIG_DIR: join(tmpdir(), 'memory-shelf-no-claude') },
  });
  assert.ok(result.status === 0 || result.status === 1, `check exited ${result.status}: ${result.stderr}`);
  const report = JSON.parse(result.stdout) as { problems: { file: string; line: number; code: string }[] };
  return report.problems.map((p) => `${p.file.replace(/^\.\//, '')}:${p.line} ${p.code}`).sort();
}

function filesOf(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).replace(/\\/g, '/'))
    .sort();
}

describe('trust corpus: every labeled finding, nothing else, and --fix writes only true fixes', () => {
  const cases = existsSync(CORPUS) ? readdirSync(CORPUS).filter((name) => existsSync(join(CORPUS, name, 'expected.json'))).sort() : [];

  it('has cases in Korean, Japanese and English', () => {
    for (const language of ['ko', 'ja', 'en']) assert.ok(cases.some((name) => name.startsWith(`${language}-`)), `no ${language}- case`);
  });

  for (const name of cases) {
    describe(name, () => {
      let root: string;
      before(() => {
        root = mkdtempSync(join(tmpdir(), `memory-shelf-corpus-${name}-`));
        cpSync(join(CORPUS, name), root, { recursive: true });
        for (const file of filesOf(root)) if (file === 'expected.json' || file.endsWith('.fixed')) rmSync(join(root, file));
      });
      after(() => rmSync(root, { recursive: true, force: true }));

      it('reports exactly the labeled findings', () => {
        const expected = JSON.parse(readFileSync(join(CORPUS, name, 'expected.json'), 'utf8')) as Expected;
        assert.deepEqual(check(root, false), [...expected.findings].sort());
      });

      it('--fix changes only the files with a .fixed twin, to exactly those bytes, and a second run changes nothing', () => {
        check(root, true);
        for (const file of filesOf(join(CORPUS, name))) {
          if (file === 'expected.json' || file.endsWith('.fixed')) continue;
          const fixedTwin = join(CORPUS, name, `${file}.fixed`);
          const want = readFileSync(existsSync(fixedTwin) ? fixedTwin : join(CORPUS, name, file), 'utf8');
          assert.equal(readFileSync(join(root, file), 'utf8'), want, `${file} after --fix`);
        }
        const once = filesOf(root).map((file) => readFileSync(join(root, file), 'utf8'));
        check(root, true);
        assert.deepEqual(filesOf(root).map((file) => readFileSync(join(root, file), 'utf8')), once, 'a second --fix changed something');
      });
    });
  }
});
