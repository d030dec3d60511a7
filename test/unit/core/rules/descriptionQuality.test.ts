import * as assert from 'node:assert/strict';
import { parseMemoryFile, ProblemCode } from '../../../../src/core';
import { plainTermsOf, termsOf } from '../../../../src/core/recall/terms';
import { checkDescriptionQuality } from '../../../../src/core/rules/frontmatter/descriptionQuality';

/**
 * Descriptions as real folders write them, judged by a person before the rule was written: `true` when
 * the description gives recall nothing to go on (it repeats the name, or says at most one telling
 * word), `false` when it says what the memory holds or when it applies, however short.
 */
const LABELED: readonly (readonly [language: string, name: string, description: string, vague: boolean])[] = [
  ['en', 'deploy-process', 'Deploy process', true],
  ['en', 'beam-state', 'Model', true],
  ['en', 'misc', 'notes', true],
  ['en', 'data-notes', 'About data', true],
  ['en', 'api-keys', 'Misc info', true],
  ['en', 'pnpm', 'Use pnpm, not npm, in this repository', false],
  ['en', 'tabs', 'Tabs over spaces in Go files', false],
  ['en', 'beam-phase', 'Phase-3 model', false],
  ['en', 'standup', 'Standup is at 09:00 in room 301', false],
  ['en', 'no-mocks', 'Integration tests hit a real database, never mocks', false],
  ['ko', '배포-절차', '배포 절차', true],
  ['ko', 'notes', '메모', true],
  ['ko', 'misc-ko', '기타 정보', true],
  ['ko', 'commit-messages', '이 저장소의 커밋 메시지는 한국어로 쓴다', false],
  ['ko', 'report-format', '보고서는 docx로 낸다', false],
  ['ko', 'math', 'LaTeX가 렌더링되지 않으니 유니코드로 쓴다', false],
  ['ko', 'deploy-day', '배포는 화요일', false],
  ['ja', 'memo', 'メモ', true],
  ['ja', 'その他', 'その他の情報', true],
  ['ja', 'keigo', 'このユーザーには敬語で対応すること', false],
  ['ja', 'drive', '実験データは共有ドライブに置く', false],
  ['ja', 'rules', 'オーナーが課したルール2つ', false],
  ['ja', 'review', 'レビューは一日以内に返す', false],
];

function flagged(name: string, description: string): boolean {
  const memory = parseMemoryFile(`${name}.md`, `---\nname: ${name}\ndescription: ${description}\ntype: feedback\n---\nbody\n`);
  const problems = checkDescriptionQuality(memory);
  for (const problem of problems) assert.equal(problem.code, ProblemCode.DescriptionVague);
  return problems.length > 0;
}

describe('description quality (description-vague)', () => {
  for (const language of ['en', 'ko', 'ja']) {
    it(`${language}: every labeled description judged as the person judged it`, () => {
      const cases = LABELED.filter(([lang]) => lang === language);
      const right = cases.filter(([, name, description, vague]) => flagged(name, description) === vague);
      const wrong = cases.filter((entry) => !right.includes(entry)).map(([, name, description, vague]) => `${name}: "${description}" should ${vague ? '' : 'not '}be flagged`);
      assert.deepEqual(wrong, [], `${right.length} of ${cases.length} right`);
      assert.ok(cases.some(([, , , vague]) => vague) && cases.some(([, , , vague]) => !vague), 'both kinds are labeled');
    });
  }

  it('reads the words a segmenter leaves whole without segmenting, as the segmenter reads them', () => {
    const texts = [
      ...LABELED.flatMap(([, name, description]) => [name, description]),
      'Run the release checklist on Fridays', "Don't deploy e.g. v2.1 on Fridays", 'Staging/prod keys live in the vault',
      '배포 전에 스테이징에서 확인한다', '파이프라인이 느리면 캐시를 지운다', 'API를 바꾸면 문서도 고친다', '리뷰는 하루 안에',
      'レビューは一日以内 に返す', 'ｄｅｐｌｏｙ the build', 'tests running in CI', 'ab cd ef',
    ];
    for (const text of texts) {
      const exact = new Set(termsOf(text).filter((term) => term.kind === 'exact').map((term) => term.term));
      for (const term of plainTermsOf(text)) assert.ok(exact.has(term), `"${term}" of "${text}"`);
    }
    assert.deepEqual(plainTermsOf('Run the release checklist on Fridays'), ['run', 'release', 'checklist', 'friday']);
    assert.deepEqual(plainTermsOf('배포 전에 스테이징에서 확인한다'), ['배포', '스테이징', '확인한']);
  });

  it('still finds a description that only repeats the name, in other words or another order', () => {
    assert.equal(flagged('deploy-process', 'Process of deploys'), true);
    assert.equal(flagged('release-checklist-steps', 'Steps for the release checklist'), true);
    assert.equal(flagged('배포-절차-정리', '절차 배포'), true);
    assert.equal(flagged('deploy-process', 'Deploy process for staging'), false);
  });

  it('says which kind it is, at the description, as a hint, and says nothing of a missing description', () => {
    const memory = parseMemoryFile('deploy-process.md', '---\nname: deploy-process\ndescription: Deploy process\ntype: project\n---\n');
    const [problem] = checkDescriptionQuality(memory);
    assert.equal(problem.severity, 'hint');
    assert.match(problem.message, /only repeats the name "deploy-process"/);
    assert.equal(problem.range.start.line, 2);
    assert.match(checkDescriptionQuality(parseMemoryFile('m.md', '---\nname: m\ndescription: Model\n---\n'))[0].message, /"Model" is too vague/);
    assert.deepEqual(checkDescriptionQuality(parseMemoryFile('m.md', '---\nname: m\n---\n')), []);
  });
});
