import * as assert from 'node:assert/strict';
import { planPromoteToRoot, type PromotePlan } from '../../../../src/core';
import { applyFileEdits, storeOf } from '../links/fileEdits';

const TYPES = ['user', 'feedback', 'project', 'reference'];

// Claude Code's auto memory as it writes it: `<type>_<topic>.md`, `name: <topic>`, type under metadata.
const COMMIT_STYLE = '---\nname: commit-style\ndescription: 커밋 메시지는 한국어로, 제목은 50자 이내로 쓴다\nmetadata:\n  type: feedback\n  originSessionId: 0b3c2f1e\n---\n커밋 제목은 "수정함" 대신 무엇을 바꿨는지 쓴다.\n\n**Why:** 팀원 절반이 영어 커밋 로그를 읽기 어려워했다. 자세한 규칙은 [[review-language]] 참고.\n';
const REVIEW_LANGUAGE = '---\nname: review-language\ndescription: 리뷰 코멘트는 "~하면 어떨까요?" 같은 제안형으로 쓴다\nmetadata:\n  type: feedback\n---\n명령조는 피한다. 커밋 규칙은 [[commit-style]]을 따른다.\n';
const AUTO_INDEX = '# Memory\n\n- [커밋 스타일](feedback_commit-style.md) — 한국어, 제목 50자 이내\n- [리뷰 말투](feedback_review-language.md) — 제안형으로\n';

function autoRoot(): Map<string, string> {
  return new Map([
    ['MEMORY.md', AUTO_INDEX],
    ['feedback_commit-style.md', COMMIT_STYLE],
    ['feedback_review-language.md', REVIEW_LANGUAGE],
  ]);
}

function projectRoot(): Map<string, string> {
  return new Map([
    ['MEMORY.md', '# プロジェクトのメモリ\r\n\r\n- [デプロイ](project_deploy.md) – 毎週火曜 10:00 にデプロイ\r\n\r\nRead the rest only when needed.\r\n'],
    ['project_deploy.md', '---\r\nname: deploy\r\ndescription: デプロイは毎週火曜 10:00、main から\r\ntype: project\r\n---\r\nコミットの書き方は [[commit-style]] を参照。\r\n'],
  ]);
}

function promote(source: Map<string, string>, target: Map<string, string>, path: string): { plan: PromotePlan; source: Map<string, string>; target: Map<string, string> } {
  const from = storeOf(source);
  const plan = planPromoteToRoot(from, from.get(path)!, storeOf(target), TYPES);
  if (!plan.ok) return { plan, source, target };
  return { plan, source: applyFileEdits(source, plan.source), target: applyFileEdits(target, plan.target) };
}

describe('promote a memory to another root', () => {
  it('moves the file byte for byte and its index line, title and hook kept, in the target\'s dash and line ending', () => {
    const { plan, source, target } = promote(autoRoot(), projectRoot(), 'feedback_commit-style.md');
    assert.ok(plan.ok);
    assert.equal(target.get('feedback_commit-style.md'), COMMIT_STYLE);
    assert.equal(source.has('feedback_commit-style.md'), false);
    assert.equal(source.get('MEMORY.md'), '# Memory\n\n- [리뷰 말투](feedback_review-language.md) — 제안형으로\n');
    assert.equal(target.get('MEMORY.md'), '# プロジェクトのメモリ\r\n\r\n- [デプロイ](project_deploy.md) – 毎週火曜 10:00 にデプロイ\r\n- [커밋 스타일](feedback_commit-style.md) – 한국어, 제목 50자 이내\r\n\r\nRead the rest only when needed.\r\n');
    assert.equal(target.get('project_deploy.md'), projectRoot().get('project_deploy.md'), 'the target\'s memories keep their bytes');
    assert.equal(plan.indexLine, 'moved');
    // Edits in the order they can be applied: the file's text edits before it is deleted.
    assert.deepEqual(plan.source.map((edit) => edit.kind), ['edit', 'delete']);
    assert.deepEqual(plan.target.map((edit) => edit.kind), ['create', 'edit']);
  });

  it('reports the links it leaves: backlinks in the source become reservations, its own links to facts left behind too', () => {
    const { plan, source } = promote(autoRoot(), projectRoot(), 'feedback_commit-style.md');
    assert.ok(plan.ok);
    assert.deepEqual(plan.backlinksLeft.map((occurrence) => `${occurrence.path}:${occurrence.link.target}`), ['feedback_review-language.md:commit-style']);
    assert.equal(source.get('feedback_review-language.md'), REVIEW_LANGUAGE, 'left as written, not rewritten');
    assert.deepEqual(plan.linksLeft.map((link) => link.target), ['review-language']);
    assert.equal(plan.reservationsResolved, 1, 'the project\'s [[commit-style]] reservation now finds the fact');
    assert.equal(plan.indexLinksLeft, 0);
  });

  it('refuses a name the target already has (case and _/- folded) and a file already there, planning nothing', () => {
    const target = projectRoot();
    target.set('feedback_commit_style.md', '---\r\nname: Commit_Style\r\ndescription: older copy\r\ntype: feedback\r\n---\r\n');
    const from = storeOf(autoRoot());
    const taken = planPromoteToRoot(from, from.get('feedback_commit-style.md')!, storeOf(target), TYPES);
    assert.deepEqual(taken, { ok: false, reason: 'name-taken', path: 'feedback_commit_style.md' });

    const sameFile = new Map([['Feedback_Commit-Style.md', '---\nname: other-topic\ndescription: x\ntype: feedback\n---\n']]);
    assert.deepEqual(planPromoteToRoot(from, from.get('feedback_commit-style.md')!, storeOf(sameFile), TYPES), { ok: false, reason: 'file-taken', path: 'Feedback_Commit-Style.md' });
  });

  it('creates the target index when there is none, and lists a memory the source index did not list', () => {
    const source = new Map([['user_role.md', '\uFEFF---\nname: role\ndescription: The user maintains the billing service (on call Mon–Wed)\ntype: user\n---\nSee [[nobody-yet]].\n']]);
    const { plan, source: after, target } = promote(source, new Map(), 'user_role.md');
    assert.ok(plan.ok);
    assert.equal(target.get('user_role.md'), source.get('user_role.md'), 'the BOM travels with the file');
    assert.equal(target.get('MEMORY.md'), '# Memory index\n\n- [Role](user_role.md) — The user maintains the billing service (on call Mon–Wed)\n');
    assert.equal(plan.indexLine, 'added');
    assert.deepEqual([...after.keys()], []);
    assert.deepEqual(plan.linksLeft, [], 'a reservation stays a reservation wherever it is');
  });

  it('keeps a subfolder path and does not list twice a file the target index already names', () => {
    const source = new Map([
      ['MEMORY.md', '- **[Flaky tests](team/feedback_flaky.md)** — retry once, then file an issue\n'],
      ['team/feedback_flaky.md', '---\nname: flaky-tests\ndescription: Retry a flaky test once, then file an issue\ntype: feedback\n---\n'],
    ]);
    const target = new Map([['MEMORY.md', '- [Flaky tests](team/feedback_flaky.md) — written before the file came\n']]);
    const { plan, source: after, target: moved } = promote(source, target, 'team/feedback_flaky.md');
    assert.ok(plan.ok);
    assert.equal(plan.path, 'team/feedback_flaky.md');
    assert.equal(plan.indexLine, 'already-listed');
    assert.equal(moved.get('MEMORY.md'), target.get('MEMORY.md'));
    assert.equal(after.get('MEMORY.md'), '');
  });

  it('moves a Japanese memory\'s line into an LF index after its last entry, keeping the notes below', () => {
    const source = new Map([
      ['MEMORY.md', '- [PR の大きさ](feedback_pr-size.md) — 変更300行以内\n- [命名](feedback_naming.md) — 英語の動詞で始める\n'],
      ['feedback_pr-size.md', '---\nname: feedback-pr-size\ndescription: PR は変更300行以内に収め、大きな作業は機能ごとに分ける\ntype: feedback\n---\n理由: 長い差分は流し読みされる。\n'],
      ['feedback_naming.md', '---\nname: feedback-naming\ndescription: 関数名は英語の動詞で始める\ntype: feedback\n---\n'],
    ]);
    const target = new Map([['MEMORY.md', '# Project memory\n\n- [Deploy](project_deploy.md) - Tuesdays at 10:00\n\n## Notes\n\nKeep this file under 200 lines.\n']]);
    const { plan, source: after, target: moved } = promote(source, target, 'feedback_pr-size.md');
    assert.ok(plan.ok);
    assert.equal(moved.get('MEMORY.md'), '# Project memory\n\n- [Deploy](project_deploy.md) - Tuesdays at 10:00\n- [PR の大きさ](feedback_pr-size.md) - 変更300行以内\n\n## Notes\n\nKeep this file under 200 lines.\n');
    assert.equal(after.get('MEMORY.md'), '- [命名](feedback_naming.md) — 英語の動詞で始める\n');
    assert.equal(plan.indexLinksLeft, 0);
  });

  it('counts the source index\'s other links to the file, which the move leaves pointing at nothing', () => {
    const source = autoRoot();
    source.set('MEMORY.md', `${AUTO_INDEX}\n커밋 전에 [커밋 규칙](./feedback_commit-style.md)을 읽는다.\n`);
    const { plan, source: after } = promote(source, projectRoot(), 'feedback_commit-style.md');
    assert.ok(plan.ok);
    assert.equal(plan.indexLinksLeft, 1);
    assert.equal(after.get('MEMORY.md'), '# Memory\n\n- [리뷰 말투](feedback_review-language.md) — 제안형으로\n\n커밋 전에 [커밋 규칙](./feedback_commit-style.md)을 읽는다.\n');
  });
});
