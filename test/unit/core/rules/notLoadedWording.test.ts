import * as assert from 'node:assert/strict';
import { formatText, ProblemCode, type IndexLoadWay, type Problem } from '../../../../src/core';
import { checkedEngine } from './ruleHelpers';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from '../../helpers/coreTemplates';

/**
 * Issue #40, item 3: a root whose MEMORY.md nothing loads (a project's `memory/` no CLAUDE.md imports)
 * is "not loaded" on every surface. Its rules must not speak of a limit that cuts nothing ("no room
 * left") nor of lines "loaded in every session".
 */
const memory = (name: string, description: string): string => `---\nname: ${name}\ndescription: ${description}\ntype: project\n---\nBody of ${name}.\n`;

/** 230 entries in the three languages, past the 200-line limit of an entrypoint index. */
function longIndex(): Map<string, string> {
  const files = new Map<string, string>();
  const lines = ['# Memory'];
  for (let i = 0; i < 230; i++) {
    lines.push([`- [Fact ${i}](fact_${i}.md) — hook ${i}`, `- [사실 ${i}](fact_${i}.md) — 배포 전에 확인 ${i}`, `- [事実 ${i}](fact_${i}.md) — デプロイ前に確認 ${i}`][i % 3]);
    files.set(`fact_${i}.md`, memory(`fact-${i}`, `fact ${i}`));
  }
  files.set('MEMORY.md', lines.join('\n') + '\n');
  files.set('new_fact.md', memory('new-fact', '새 사실: 배포는 금요일'));
  return files;
}

const inlineIndex = (): Map<string, string> => new Map([
  ['MEMORY.md', [
    '# Memory',
    '- [Infra](infra.md) — where the servers run',
    '',
    '## 환경',
    '- 앱은 Turborepo로 빌드한 Next.js 모노레포다',
    '- 데이터베이스는 Postgres 16, 마이그레이션은 db/migrations에 있다',
    '- main에서 Fly.io로 배포한다',
    '',
    '## 現在の日付',
    '今日は2026年3月14日です。',
    '',
  ].join('\n')],
  ['infra.md', memory('infra', 'where the servers run')],
]);

function problemsOf(files: Map<string, string>, way: IndexLoadWay, code: ProblemCode): Problem[] {
  return [...checkedEngine(files, { indexLoad: way }).allProblems()].filter((problem) => problem.code === code);
}

describe('rules on an index nothing loads speak as its load way does (issue #40)', () => {
  it('index-unlisted: no "no room left" on a long index nothing loads, and its entry is offered', () => {
    const [problem] = problemsOf(longIndex(), 'not-loaded', ProblemCode.IndexUnlisted);
    assert.equal(problem.path, 'new_fact.md');
    assert.doesNotMatch(problem.message, /room|limit/);
    assert.match(problem.message, /nothing loads this index yet/);
    assert.equal(problem.fixes?.length, 1, 'Add an entry is offered: no limit cuts this index');
  });

  it('index-unlisted: an entrypoint index past its limit still says there is no room', () => {
    const [problem] = problemsOf(longIndex(), 'entrypoint', ProblemCode.IndexUnlisted).filter((p) => p.path === 'new_fact.md');
    assert.match(problem.message, /no room left/);
    assert.equal(problem.fixes, undefined);
  });

  it('index-unlisted: an imported index loads whole, so there is room and Claude Code would not know the memory', () => {
    const [problem] = problemsOf(longIndex(), 'imported', ProblemCode.IndexUnlisted);
    assert.equal(problem.message, 'Not listed in MEMORY.md: Claude Code does not know this memory exists.');
    assert.equal(problem.fixes?.length, 1);
  });

  it('index-inline-memory: facts and a stated day are not "loaded in every session" in an index nothing loads', () => {
    const messages = problemsOf(inlineIndex(), 'not-loaded', ProblemCode.IndexInlineMemory).map((p) => p.message);
    assert.equal(messages.length, 2);
    for (const message of messages) assert.doesNotMatch(message, /is loaded in every session|they are loaded in every session/);
    assert.match(messages[0], /^3 lines of facts written into MEMORY\.md: the sidebar never shows them, and once a CLAUDE\.md imports this index/);
    assert.match(messages[1], /^MEMORY\.md says what day it is today: on any other day that date is wrong, and once a CLAUDE\.md imports this index/);
  });

  it('index-inline-memory: an entrypoint or imported index is loaded in every session, as before', () => {
    for (const way of ['entrypoint', 'imported'] as const) {
      const messages = problemsOf(inlineIndex(), way, ProblemCode.IndexInlineMemory).map((p) => p.message);
      assert.match(messages[0], /they are loaded in every session/, way);
      assert.match(messages[1], /it is loaded in every session/, way);
    }
  });

  it('says the same in Korean and Japanese', () => {
    const texts = [
      ...problemsOf(longIndex(), 'not-loaded', ProblemCode.IndexUnlisted),
      ...problemsOf(inlineIndex(), 'not-loaded', ProblemCode.IndexInlineMemory),
    ].map((p) => p.messageText!);
    for (const [language, loadedEverySession, noRoom] of [['ko', /세션마다 읽히지만|모든 세션에 불러오므로/, /남은 자리/], ['ja', /毎回のセッションで読み込まれますが|毎セッション読み込まれるため/, /空きがありません/]] as const) {
      const bundle = JSON.parse(readFileSync(join(REPO, 'l10n', `bundle.l10n.${language}.json`), 'utf8')) as Record<string, string>;
      for (const text of texts) {
        const said = formatText({ ...text, template: bundle[text.template] ?? '' });
        assert.notEqual(said, '', `${language}: no translation of "${text.template}"`);
        assert.doesNotMatch(said, loadedEverySession, language);
        assert.doesNotMatch(said, noRoom, language);
      }
    }
  });
});
