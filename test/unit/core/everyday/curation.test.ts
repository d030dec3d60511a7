import * as assert from 'node:assert/strict';
import { contentHash, planApproveCandidate, planDeleteMemories, planMerge, planRetypeFileName, reviewReason, STALE_CANDIDATE_DAYS } from '../../../../src/core';
import { applyFileEdits, storeOf } from '../links/fileEdits';

const TYPES = ['user', 'feedback', 'project', 'reference'];

function root(): Map<string, string> {
  return new Map([
    ['MEMORY.md', '# 메모리\n\n- [수식 표기](feedback_math-notation.md) — LaTeX 대신 유니코드\n- [배포](project_deploy.md) — 매주 화요일 배포\n- [Old notation](feedback_math-old.md) — superseded\n'],
    ['feedback_math-notation.md', '---\nname: math-notation\ndescription: LaTeX가 렌더링되지 않으니 유니코드 기호로 쓴다\ntype: feedback\n---\n수식은 `x²`처럼 쓴다.\n\n**Why:** 2026-07-30에 지적받았다.\n'],
    ['feedback_math-old.md', '---\nname: math-old\ndescription: LaTeX does not render\ntype: feedback\n---\n수식은 `x²`처럼 쓴다.\n\nAlso avoid $$ blocks in tables.\n'],
    ['project_deploy.md', '---\nname: deploy\ndescription: 매주 화요일에 배포한다\ntype: project\n---\n표기는 [[math-notation]]과 [[math-old|옛 규칙]]을 따른다.\n'],
  ]);
}

describe('delete memories', () => {
  it('removes the file and its index line, and keeps backlinks as reservations by default', () => {
    const files = root();
    const store = storeOf(files);
    const plan = planDeleteMemories(store, [store.get('feedback_math-old.md')!], 'keep');
    const after = applyFileEdits(files, plan.edits);
    assert.equal(after.has('feedback_math-old.md'), false);
    assert.equal(after.get('MEMORY.md'), '# 메모리\n\n- [수식 표기](feedback_math-notation.md) — LaTeX 대신 유니코드\n- [배포](project_deploy.md) — 매주 화요일 배포\n');
    assert.equal(after.get('project_deploy.md'), files.get('project_deploy.md'));
    assert.deepEqual(plan.summary, { files: 1, indexLines: 1, links: 1, linkingFiles: 1 });
    assert.equal(plan.edits[plan.edits.length - 1].kind, 'delete');
  });

  it('unlinks backlinks to the text they showed when asked, alias included', () => {
    const files = root();
    const store = storeOf(files);
    const after = applyFileEdits(files, planDeleteMemories(store, [store.get('feedback_math-old.md')!, store.get('feedback_math-notation.md')!], 'unlink').edits);
    assert.equal(after.get('project_deploy.md'), '---\nname: deploy\ndescription: 매주 화요일에 배포한다\ntype: project\n---\n표기는 math-notation과 옛 규칙을 따른다.\n');
    assert.equal(after.get('MEMORY.md'), '# 메모리\n\n- [배포](project_deploy.md) — 매주 화요일 배포\n');
    assert.deepEqual([...after.keys()].sort(), ['MEMORY.md', 'project_deploy.md']);
  });

  it('keeps a CRLF index CRLF and removes a last line without a line break cleanly', () => {
    const files = new Map([
      ['MEMORY.md', '- [A](a.md) — a\r\n- [B](b.md) — b'],
      ['a.md', '---\r\nname: a\r\n---\r\n'],
      ['b.md', '---\r\nname: b\r\n---\r\n'],
    ]);
    const store = storeOf(files);
    assert.equal(applyFileEdits(files, planDeleteMemories(store, [store.get('b.md')!], 'keep').edits).get('MEMORY.md'), '- [A](a.md) — a');
    assert.equal(applyFileEdits(files, planDeleteMemories(store, [store.get('a.md')!], 'keep').edits).get('MEMORY.md'), '- [B](b.md) — b');
  });
});

describe('merge two memories', () => {
  it('keeps the survivor\'s frontmatter, appends only what it did not say, relinks, drops the other\'s entry and file', () => {
    const files = root();
    const store = storeOf(files);
    const plan = planMerge(store, store.get('feedback_math-notation.md')!, store.get('feedback_math-old.md')!);
    const after = applyFileEdits(files, plan.edits);
    assert.equal(after.get('feedback_math-notation.md'), '---\nname: math-notation\ndescription: LaTeX가 렌더링되지 않으니 유니코드 기호로 쓴다\ntype: feedback\n---\n수식은 `x²`처럼 쓴다.\n\n**Why:** 2026-07-30에 지적받았다.\n\nAlso avoid $$ blocks in tables.\n');
    assert.equal(after.get('project_deploy.md'), '---\nname: deploy\ndescription: 매주 화요일에 배포한다\ntype: project\n---\n표기는 [[math-notation]]과 [[math-notation|옛 규칙]]을 따른다.\n');
    assert.equal(after.get('MEMORY.md'), '# 메모리\n\n- [수식 표기](feedback_math-notation.md) — LaTeX 대신 유니코드\n- [배포](project_deploy.md) — 매주 화요일 배포\n');
    assert.equal(after.has('feedback_math-old.md'), false);
    assert.deepEqual(plan.appended, ['Also avoid $$ blocks in tables.']);
    assert.equal(plan.rewrittenLinks, 1);
  });

  it('appends in the survivor\'s line endings and makes a survivor\'s own link to the other plain text', () => {
    const files = new Map([
      ['a.md', '---\r\nname: a\r\n---\r\nSee [[b]].'],
      ['b.md', '---\nname: b\n---\nFirst line\nsecond line.\n'],
    ]);
    const store = storeOf(files);
    const after = applyFileEdits(files, planMerge(store, store.get('a.md')!, store.get('b.md')!).edits);
    assert.equal(after.get('a.md'), '---\r\nname: a\r\n---\r\nSee b.\r\n\r\nFirst line\r\nsecond line.\r\n');
  });
});

describe('merge keeps the survivor whole', () => {
  it('leaves out the other memory\'s title and empty template headings, keeps headings with content under them', () => {
    const files = new Map([
      ['feedback_review.md', '---\nname: review\ndescription: PR 리뷰는 하루 안에 한다\ntype: feedback\n---\n# 리뷰 속도\n\n리뷰는 24시간 안에.\n\n## 왜\n\n작성자가 맥락을 잊는다.\n'],
      ['feedback_review-old.md', '---\nname: review-old\ndescription: Review within a day\ntype: feedback\n---\n# Review speed\n\nSmall PRs first.\n\n## Why\n\n## How to apply\n\n### Exceptions\n\nRelease branches wait.\n'],
    ]);
    const store = storeOf(files);
    const plan = planMerge(store, store.get('feedback_review.md')!, store.get('feedback_review-old.md')!);
    assert.deepEqual(plan.appended, ['Small PRs first.', '## How to apply', '### Exceptions', 'Release branches wait.']);
    const after = applyFileEdits(files, plan.edits).get('feedback_review.md')!;
    assert.equal(after.match(/^# /gm)?.length, 1, 'one title, the survivor\'s');
    assert.doesNotMatch(after, /## Why/);
    assert.match(after, /^description: PR 리뷰는 하루 안에 한다$/m);
  });

  it('takes the other\'s description when the survivor has none, and keeps its own otherwise', () => {
    const files = new Map([
      ['project_deploy.md', '---\nname: deploy\ntype: project\n---\n火曜日にデプロイする。\n'],
      ['project_deploy-day.md', '---\nname: deploy-day\ndescription: デプロイは毎週火曜日\ntype: project\n---\n火曜日にデプロイする。\n'],
    ]);
    const store = storeOf(files);
    const after = applyFileEdits(files, planMerge(store, store.get('project_deploy.md')!, store.get('project_deploy-day.md')!).edits);
    assert.equal(after.get('project_deploy.md'), '---\nname: deploy\ndescription: デプロイは毎週火曜日\ntype: project\n---\n火曜日にデプロイする。\n');
    const back = applyFileEdits(files, planMerge(store, store.get('project_deploy-day.md')!, store.get('project_deploy.md')!).edits);
    assert.equal(back.get('project_deploy-day.md'), files.get('project_deploy-day.md'));
  });
});

describe('merge loses no fact (issue #40)', () => {
  const survivor = '---\nname: deploy\ndescription: 배포 규칙\nmetadata:\n  type: project\n---\n배포는 화요일에 한다.\n\n**이유:** 월요일은 회의가 많다.\n';

  it('moves a stub\'s description into the survivor\'s body, and leaves its empty labels behind', () => {
    const files = new Map([
      ['project_deploy.md', survivor],
      ['project_deploy-time.md', '---\nname: deploy-time\ndescription: 배포는 오후 2시 이후에만 한다\nmetadata:\n  type: project\n---\n# 배포 시각\n\n**이유:**\n\n**적용:**\n'],
    ]);
    const store = storeOf(files);
    const plan = planMerge(store, store.get('project_deploy.md')!, store.get('project_deploy-time.md')!);
    assert.equal(plan.description, 'paragraph');
    assert.equal(applyFileEdits(files, plan.edits).get('project_deploy.md'), `${survivor}\n배포는 오후 2시 이후에만 한다\n`);
  });

  it('keeps labels with something after or under them, drops the empty ones between them', () => {
    const files = new Map([
      ['a.md', '---\nname: a\ndescription: A rule\ntype: feedback\n---\nUse tabs.\n'],
      ['b.md', '---\nname: b\ndescription: B rule\ntype: feedback\n---\nIndent YAML with two spaces.\n\n**Why:** the linter says so.\n**How to apply:**\n\n- run the formatter\n\n**Caveats:**\n**Exceptions:**\n'],
    ]);
    const store = storeOf(files);
    const plan = planMerge(store, store.get('a.md')!, store.get('b.md')!);
    assert.deepEqual(plan.appended, ['Indent YAML with two spaces.', '**Why:** the linter says so.\n**How to apply:**', '- run the formatter']);
    assert.equal(plan.description, undefined, 'a memory with a body of its own keeps its description to itself');
  });

  it('moves nothing the survivor already says', () => {
    const files = new Map([
      ['project_deploy.md', survivor],
      ['project_tuesday.md', '---\nname: tuesday\ndescription: 배포는 화요일에 한다.\nmetadata:\n  type: project\n---\n'],
    ]);
    const store = storeOf(files);
    const plan = planMerge(store, store.get('project_deploy.md')!, store.get('project_tuesday.md')!);
    assert.deepEqual(plan.appended, []);
    assert.equal(plan.description, undefined);
    assert.equal(applyFileEdits(files, plan.edits).get('project_deploy.md'), survivor);
  });
});

describe('review state', () => {
  const now = Date.UTC(2026, 11, 1);
  const memory = (text: string) => storeOf(new Map([['m.md', text]])).get('m.md')!;

  it('is new until approved, quiet while the approved text stays, changed when it differs', () => {
    const m = memory('---\nname: m\n---\nfact\n');
    assert.equal(reviewReason(m, undefined, now, now), 'new');
    assert.equal(reviewReason(m, contentHash(m.text), now, now), undefined);
    assert.equal(reviewReason(m, contentHash('---\nname: m\n---\nolder fact\n'), now, now), 'changed');
    assert.notEqual(contentHash('ab'), contentHash('ba'));
    assert.match(contentHash('수식'), /^[0-9a-f]{16}$/);
  });

  it('treats status: pending as a candidate, stale after 30 days untouched, top level or under metadata', () => {
    const pending = memory('---\nname: m\nstatus: pending\n---\n');
    assert.equal(reviewReason(pending, contentHash(pending.text), now - 86_400_000, now), 'candidate');
    assert.equal(reviewReason(pending, undefined, now - (STALE_CANDIDATE_DAYS + 1) * 86_400_000, now), 'stale-candidate');
    assert.equal(reviewReason(memory('---\nname: m\nmetadata:\n  status: Pending\n---\n'), undefined, now, now), 'candidate');
    assert.equal(reviewReason(memory('---\nname: m\nmetadata: 3\n---\n'), undefined, now, now), 'new');
  });

  it('approving a candidate removes only its status line and lists it with its description as hook', () => {
    const files = new Map([
      ['MEMORY.md', '- [A](a.md) — a\r\n'],
      ['a.md', '---\r\nname: a\r\n---\r\n'],
      ['feedback_tabs.md', '---\r\nname: tabs\r\ndescription: 들여쓰기는 탭\r\nmetadata:\r\n  status: pending\r\n  type: feedback\r\n---\r\nbody\r\n'],
    ]);
    const store = storeOf(files);
    const after = applyFileEdits(files, planApproveCandidate(store, store.get('feedback_tabs.md')!, TYPES));
    assert.equal(after.get('feedback_tabs.md'), '---\r\nname: tabs\r\ndescription: 들여쓰기는 탭\r\nmetadata:\r\n  type: feedback\r\n---\r\nbody\r\n');
    assert.equal(after.get('MEMORY.md'), '- [A](a.md) — a\r\n- [Tabs](feedback_tabs.md) — 들여쓰기는 탭\r\n');
  });
});

describe('renaming the file after a retype', () => {
  const files = (): Map<string, string> => new Map([
    ['MEMORY.md', '- [보고서 형식](feedback_report-format.md) — docx로\n- [Deploy](FEEDBACK-deploy.md) — Tuesdays\n'],
    ['feedback_report-format.md', '---\nname: report-format\ndescription: 보고서는 docx로 낸다\ntype: project\n---\nbody\n'],
    ['FEEDBACK-deploy.md', '---\nname: deploy\ndescription: Deploy on Tuesdays\ntype: project\n---\nbody\n'],
    ['feedback_unnamed.md', '---\ndescription: 名前のないメモリ\ntype: project\n---\nbody\n'],
    ['notes_misc.md', '---\nname: misc\ndescription: misc\ntype: project\n---\nSee [[feedback_unnamed]].\n'],
    ['feedback_quiet.md', '---\ndescription: 이름 없고 링크도 없음\ntype: project\n---\nbody\n'],
    ['project_taken.md', '---\nname: taken-one\ndescription: d\ntype: project\n---\n'],
    ['feedback_taken.md', '---\nname: taken\ndescription: d\ntype: project\n---\n'],
  ]);

  it('swaps the old type prefix for the new one, keeping separator and case, and MEMORY.md follows', () => {
    const before = files();
    const store = storeOf(before);
    const plan = planRetypeFileName(store, store.get('feedback_report-format.md')!, 'feedback', 'project')!;
    assert.equal(plan.newPath, 'project_report-format.md');
    const after = applyFileEdits(before, plan.edits);
    assert.equal(after.get('project_report-format.md'), before.get('feedback_report-format.md'));
    assert.equal(after.has('feedback_report-format.md'), false);
    assert.match(after.get('MEMORY.md')!, /\[보고서 형식\]\(project_report-format\.md\)/);
    assert.equal(planRetypeFileName(store, store.get('FEEDBACK-deploy.md')!, 'feedback', 'project')?.newPath, 'PROJECT-deploy.md');
    assert.equal(planRetypeFileName(store, store.get('feedback_quiet.md')!, 'feedback', 'project')?.newPath, 'project_quiet.md', 'no name, but no link needs its file name');
  });

  it('offers nothing without the prefix, when links find it by its file name, or when the new name is taken', () => {
    const store = storeOf(files());
    assert.equal(planRetypeFileName(store, store.get('notes_misc.md')!, 'feedback', 'project'), undefined);
    assert.equal(planRetypeFileName(store, store.get('feedback_unnamed.md')!, 'feedback', 'project'), undefined);
    assert.equal(planRetypeFileName(store, store.get('feedback_taken.md')!, 'feedback', 'project'), undefined);
  });
});
