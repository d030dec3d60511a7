import * as assert from 'node:assert/strict';
import { ProblemCode, type Problem } from '../../../../src/core';
import { applyFileEdits } from '../links/fileEdits';
import { checkedEngine, withoutVague } from './ruleHelpers';

const memory = (name: string): string => `---\nname: ${name}\ndescription: about ${name}\nmetadata:\n  type: project\n---\nBody.\n`;

function inline(index: string): { problems: Problem[]; files: Map<string, string> } {
  const files = new Map([['MEMORY.md', index], ['infra.md', memory('infra')]]);
  const problems = checkedEngine(files).problemsFor('MEMORY.md').filter((problem) => problem.code === ProblemCode.IndexInlineMemory);
  return { problems: [...problems], files };
}

describe('index-inline-memory: facts written into MEMORY.md', () => {
  it('reports a list of facts under a heading once, over the whole block', () => {
    const { problems } = inline([
      '# Memory',
      '- [Infra](infra.md) — where the servers run',
      '',
      '## Environment',
      '- Node 22 and pnpm 9 are required; npm install breaks the lockfile',
      '- The staging database is a nightly copy of production with emails scrubbed',
      '- CI runs on GitHub Actions with a 30 minute timeout per job',
      '',
    ].join('\n'));
    assert.deepEqual(problems.map((p) => [p.range.start.line, p.range.end.line, p.severity]), [[4, 6, 'information']]);
    assert.match(problems[0].message, /^3 lines of facts written into MEMORY\.md/);
  });

  it('stays quiet on headings, entries, prose links, short notes, comments, rules and table frames', () => {
    const { problems } = inline([
      '# Memory index',
      '<!-- one line per memory -->',
      'Newest first. Keep hooks short.',
      '',
      '- [Infra](infra.md) — where the servers run',
      'Details: [infra.md](./infra.md)',
      '---',
      '| Memory | Why |',
      '|---|---|',
      '| [Infra](infra.md) | servers |',
    ].join('\n'));
    assert.deepEqual(problems, []);
  });

  it('reports one long paragraph on one line', () => {
    const { problems } = inline(`# Memory\n\n${'The payments service retries webhooks three times with backoff, then parks them in the dead-letter queue. '.repeat(3)}\n`);
    assert.deepEqual(problems.map((p) => p.range.start.line), [2]);
    assert.match(problems[0].message, /^A paragraph of facts/);
  });

  it('moves the block into a new memory named after its heading, in the root\'s shape, leaving one entry line', () => {
    const { problems, files } = inline([
      '# Memory',
      '- [Infra](infra.md) — where the servers run',
      '## Project environment',
      '- Node 22 and pnpm 9 are required',
      '- Staging is a nightly copy of production',
      '- CI has a 30 minute timeout per job',
      '',
      'Keep entries short.',
    ].join('\n'));
    const fix = problems[0].fixes![0];
    assert.equal(fix.title, 'Move to a new memory');
    assert.equal(fix.safe, undefined);
    const after = applyFileEdits(files, fix.edits);
    assert.equal(after.get('project_environment.md'), [
      '---',
      'name: project-environment',
      'description: Node 22 and pnpm 9 are required',
      'metadata:',
      '  type: project',
      '---',
      '# Project environment',
      '',
      '- Node 22 and pnpm 9 are required',
      '- Staging is a nightly copy of production',
      '- CI has a 30 minute timeout per job',
      '',
    ].join('\n'));
    assert.equal(after.get('MEMORY.md'), [
      '# Memory',
      '- [Infra](infra.md) — where the servers run',
      '## Project environment',
      '- [Project environment](project_environment.md) — Node 22 and pnpm 9 are required',
      '',
      'Keep entries short.',
    ].join('\n'));
    const fresh = checkedEngine(after);
    assert.deepEqual(withoutVague(fresh.allProblems()).map((p) => `${p.path} ${p.code}`), []);
  });

  it('falls back to a numbered name when the heading has no Latin letters', () => {
    const { problems } = inline(['# 메모리', '## 개발 환경', '- Node 22와 pnpm 9가 필요하다', '- 스테이징은 매일 밤 운영 DB를 복사한다', '- CI 작업은 30분이 지나면 끊긴다'].join('\n'));
    const created = problems[0].fixes![0].edits.find((edit) => edit.kind === 'create');
    assert.equal(created?.path, 'index_notes_3.md');
  });

  describe('a stated day of today, loaded in every session', () => {
    const entries = ['# Memory', '- [Infra](infra.md) — where the servers run'];
    const cases: Array<[string, string[], boolean]> = [
      ['English, under a "Current date" heading', [...entries, '', '## Current date', 'Today is 2026-03-14.', ''], true],
      ['English, a weekday and a month name, in prose', [...entries, '', 'Today is Saturday, March 14, 2026.', ''], true],
      ['Korean', [...entries, '', '## 오늘 날짜', '2026-03-14 (토)', ''], true],
      ['Korean, in so many words', [...entries, '', '오늘은 2026년 3월 14일이다.', ''], true],
      ['Japanese', [...entries, '', '## 現在の日付', '今日は2026年3月14日です。', ''], true],
      ['English, a bold label', [...entries, '', '**Today:** 2026-03-14', ''], true],
      ['Korean, a label', [...entries, '', '오늘: 2026년 3월 14일 (토)', ''], true],
      ['Japanese, a label', [...entries, '', '本日：2026年3月14日（土）', ''], true],
      ['a plain "today" with no date claims no day', [...entries, '', 'Today is the deploy freeze.', ''], false],
      ['a label with no date claims no day', [...entries, '', '**Today:** finish the deploy runbook', ''], false],
      ['a dated fact is a record, not today\'s date', [...entries, '', '## Changes', '2026-03-14: moved staging to host-b', ''], false],
      ['a date in an entry is the entry\'s', [...entries, '- [Today\'s plan](infra.md) — today is 2026-03-14', ''], false],
    ];
    for (const [what, lines, reported] of cases) {
      it(`${reported ? 'reports' : 'stays quiet on'}: ${what}`, () => {
        const { problems } = inline(lines.join('\n'));
        assert.equal(problems.length, reported ? 1 : 0, problems.map((p) => p.message).join('; '));
        if (reported) assert.match(problems[0].message, /^MEMORY\.md says what day it is today/);
      });
    }

    it('removes the line with its heading when the section holds nothing else, keeping the final line break', () => {
      const { problems, files } = inline([...entries, '', '## Current date', 'Today is 2026-03-14.', ''].join('\n'));
      const fix = problems[0].fixes![0];
      assert.equal(fix.title, 'Remove the stated date');
      assert.equal(applyFileEdits(files, fix.edits).get('MEMORY.md'), [...entries, ''].join('\n'));
    });

    it('removes only the line when more follows under the heading', () => {
      const { problems, files } = inline([...entries, '', '## Notes', 'Today is 2026-03-14.', '', 'Keep entries short.', ''].join('\n'));
      assert.equal(applyFileEdits(files, problems[0].fixes![0].edits).get('MEMORY.md'), [...entries, '', '## Notes', 'Keep entries short.', ''].join('\n'));
    });
  });
});
