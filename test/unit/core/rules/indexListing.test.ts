import * as assert from 'node:assert/strict';
import { ProblemCode, type Problem } from '../../../../src/core';
import { applyFileEdits } from '../links/fileEdits';
import { checkedEngine } from './ruleHelpers';

const memory = (name: string, description: string): string => `---\nname: ${name}\ndescription: ${description}\nmetadata:\n  type: project\n---\nBody of ${name}.\n`;

function unlisted(files: Map<string, string>, options: Parameters<typeof checkedEngine>[1] = {}): Problem[] {
  return [...checkedEngine(files, options).allProblems()].filter((problem) => problem.code === ProblemCode.IndexUnlisted);
}

describe('index-unlisted', () => {
  it('counts a link anywhere in MEMORY.md: prose, a bold entry, a nested bullet, a table, a reference definition', () => {
    const files = new Map([
      ['MEMORY.md', [
        '# Memory',
        '- **[Testing](feedback_testing.md) — integration tests hit a real database**',
        '- **[Commit style](feedback_commit.md)** — conventional commits',
        '- Deploys',
        '  - [Release train](project_release.md) — every second Tuesday',
        '| Memory | Why |',
        '|---|---|',
        '| [Budget](project_budget.md) | the 2026 cap |',
        'Infra notes: details in [infra.md](./infra.md).',
        '[owner]: ./user_owner.md',
      ].join('\n')],
      ...['feedback_testing', 'feedback_commit', 'project_release', 'project_budget', 'infra', 'user_owner'].map((stem): [string, string] => [`${stem}.md`, memory(stem.replace(/_/g, '-'), `about ${stem}`)]),
    ]);
    assert.deepEqual(unlisted(files), []);
  });

  it('counts a memory named by its file outside a link: a code span in a table, a bare path, a path from the project', () => {
    const files = new Map([
      ['MEMORY.md', [
        '# Memory',
        '| File | What |',
        '|---|---|',
        '| `feedback_tests.md` | run unit tests before the integration suite |',
        '| memory/project_api.md | 결제 API 담당자 |',
        '詳細は .claude/memory/user_role.md を参照。',
        'Deploy notes → merged into [Tests](feedback_tests.md)',
      ].join('\n')],
      ...['feedback_tests', 'project_api', 'user_role', 'feedback_deploy-notes'].map((stem): [string, string] => [`${stem}.md`, memory(stem.replace(/_/g, '-'), `about ${stem}`)]),
    ]);
    const engine = checkedEngine(files);
    assert.deepEqual([...engine.allProblems()].filter((p) => p.code === ProblemCode.IndexUnlisted).map((p) => p.path), ['feedback_deploy-notes.md']);
    // A table of file names is the index's own list, not facts written into it.
    assert.deepEqual([...engine.problemsFor('MEMORY.md')].filter((p) => p.code === ProblemCode.IndexInlineMemory), []);
  });

  it('does not take a link\'s title, a URL or a file that is not a memory of the root for a listing', () => {
    const files = new Map([
      ['MEMORY.md', [
        '# Memory',
        '- [a.md](a.md) — a',
        'Spec: https://example.com/docs/b.md',
        '- c.md',
      ].join('\n')],
      ['a.md', memory('a', 'a')],
      ['b.md', memory('b', 'b')],
    ]);
    const engine = checkedEngine(files);
    assert.deepEqual(unlisted(files).map((p) => p.path), ['b.md']);
    // A bullet naming a file with no link is still a broken entry.
    assert.deepEqual([...engine.problemsFor('MEMORY.md')].filter((p) => p.code === ProblemCode.IndexMalformedLine).map((p) => p.range.start.line), [3]);
  });

  it('takes a bullet naming a memory by path and then its hook for a one-line entry, not a malformed line (en, ja)', () => {
    const files = new Map([
      ['MEMORY.md', [
        '# Memory',
        '- feedback_testing.md — integration tests hit a real database',
        '- `project_api.md`: endpoints and auth',
        '- **project_launch.md**：ローンチ計画と担当',
        '- project_gone.md — a memory deleted since',
        '- feedback_testing.md',
        '- The counts in project_api.md were 160 and 100 before the audit; verify them before the next edit',
        '- See project_api.md and the runbook for the rest of it',
        '- Vedere `project_launch.md` per dettagli completi',
        '- 자세한 내용은 `feedback_testing.md` 참고',
        '- 詳細は `project_api.md` を参照',
      ].join('\n')],
      ['feedback_testing.md', memory('testing', 'Integration tests hit a real database')],
      ['project_api.md', memory('api', 'Endpoints and auth of the partner API')],
      ['project_launch.md', memory('launch', 'ローンチ計画と担当')],
    ]);
    const engine = checkedEngine(files);
    assert.deepEqual(unlisted(files), []);
    // A missing file, a bare path without a hook and a sentence of facts are still not entries; a short
    // line sending the reader to a memory ("See x.md …", "Vedere `x.md` …", "자세한 내용은 `x.md` 참고") is navigation.
    assert.deepEqual([...engine.problemsFor('MEMORY.md')].filter((p) => p.code === ProblemCode.IndexMalformedLine).map((p) => p.range.start.line), [4, 5, 6]);
  });

  it('leaves README.md and the exclude globs out: they are documentation, not memories', () => {
    const files = new Map([
      ['MEMORY.md', '# Memory\n- [A](a.md) — a\n'],
      ['a.md', memory('a', 'a')],
      ['README.md', '# About this folder\n\nClaude Code keeps its memory here.\n'],
      ['docs/guide.md', '# How we write memories\n'],
      ['release-log.md', '- 2026-07-01 first\n'],
    ]);
    const engine = checkedEngine(files, { exclude: ['docs/**', 'release-log.md'] });
    assert.deepEqual([...engine.problemPaths()], []);
    assert.deepEqual(unlisted(files).map((problem) => problem.path).sort(), ['docs/guide.md', 'release-log.md']);
  });

  it('says a memory linked only past line 200 is never loaded, and offers no second entry', () => {
    const lines = ['# Memory', ...Array.from({ length: 205 }, (_, i) => `- [Fact ${i}](fact_${i}.md) — hook ${i}`)];
    const files = new Map<string, string>([['MEMORY.md', lines.join('\n') + '\n']]);
    for (let i = 0; i < 205; i++) files.set(`fact_${i}.md`, memory(`fact-${i}`, `fact ${i}`));
    const problems = unlisted(files);
    assert.deepEqual(problems.map((problem) => problem.path), ['fact_199.md', 'fact_200.md', 'fact_201.md', 'fact_202.md', 'fact_203.md', 'fact_204.md']);
    assert.equal(problems[0].message, 'Listed in MEMORY.md, but past line 200: that line is never loaded, so Claude Code does not know this memory exists.');
    assert.equal(problems[0].fixes, undefined);
    assert.deepEqual(problems[0].related?.map((related) => [related.path, related.range.start.line]), [['MEMORY.md', 200]]);
  });

  it('inserts the entry after the last entry, not after notes below the entries', () => {
    const files = new Map([
      ['MEMORY.md', '# Memory\n\n- [A](a.md) — a\n\nKeep entries short.\n'],
      ['a.md', memory('a', 'a')],
      ['b.md', memory('b', 'Second fact')],
    ]);
    const [problem] = unlisted(files);
    assert.equal(problem.fixes?.[0].safe, true);
    assert.equal(applyFileEdits(files, problem.fixes![0].edits).get('MEMORY.md'), '# Memory\n\n- [A](a.md) — a\n- [B](b.md) — Second fact\n\nKeep entries short.\n');
  });

  it('says when MEMORY.md has no room, and offers no fix that would push a loaded line out', () => {
    const lines = ['# Memory', ...Array.from({ length: 199 }, (_, i) => `- [Fact ${i}](fact_${i}.md) — hook ${i}`)];
    const files = new Map<string, string>([['MEMORY.md', lines.join('\n') + '\n'], ['new_fact.md', memory('new-fact', 'a new fact')]]);
    for (let i = 0; i < 199; i++) files.set(`fact_${i}.md`, memory(`fact-${i}`, `fact ${i}`));
    const [problem] = unlisted(files);
    assert.equal(problem.path, 'new_fact.md');
    assert.match(problem.message, /no room left within Claude Code's 200-line and 25,000-character limits/);
    assert.equal(problem.fixes, undefined);
    files.set('MEMORY.md', lines.slice(0, 199).join('\n') + '\n');
    assert.equal(unlisted(files).find((p) => p.path === 'new_fact.md')?.fixes?.length, 1, 'one line of room is enough');
  });

  it('follows a link across the load limit when MEMORY.md changes', () => {
    const lines = ['# Memory', '- [A](a.md) — a', ...Array.from({ length: 3 }, (_, i) => `note ${i}`)];
    const files = new Map([['MEMORY.md', lines.join('\n')], ['a.md', memory('a', 'a')]]);
    const engine = checkedEngine(files, { budget: { maxLines: 10, maxChars: 25_000 } });
    assert.deepEqual(engine.problemsFor('a.md'), []);
    const pushed = ['# Memory', ...Array.from({ length: 12 }, (_, i) => `note ${i}`), '- [A](a.md) — a'].join('\n');
    engine.applyChange(engine.store.update('MEMORY.md', pushed));
    assert.deepEqual(engine.problemsFor('a.md').map((problem) => problem.message), ['Listed in MEMORY.md, but past line 10: that line is never loaded, so Claude Code does not know this memory exists.']);
  });
});
