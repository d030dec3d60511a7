import * as assert from 'node:assert/strict';
import { ProblemCode, type Problem } from '../../../../src/core';
import { checkedEngine } from './ruleHelpers';

// Fake credentials of real shapes, assembled so no scanner of this repository takes them for real ones.
const GITHUB_TOKEN = ['ghp', '_', 'Q7mZ2kP9xL4vB8nR3tW6yH1cJ5dF0gS2aE7u'].join('');
const AWS_KEY_ID = ['AK', 'IA', 'Z7QK3M9XPL2RT4VB'].join('');

function memory(name: string, description: string, body: string): string {
  return `---\nname: ${name}\ndescription: ${description}\ntype: reference\n---\n${body}\n`;
}

/** Everything a problem shows a person: its message, its related locations' messages, its fixes' titles. */
function shown(problems: readonly Problem[]): string {
  return JSON.stringify(problems.map((p) => [p.message, p.messageText, p.related?.map((r) => [r.message, r.messageText]), p.fixes?.map((f) => f.title)]));
}

function assertNoSecret(text: string, secret: string): void {
  // The first four characters may show (the secret rule's own messages allow as much), never a fifth.
  assert.ok(!text.includes(secret.slice(0, 5)), `shows more than four characters of ${secret.slice(0, 4)}…: ${text}`);
}

describe('near-duplicate messages never repeat a secret', () => {
  it('cuts a token in the shared passage to its first four characters', () => {
    const line = `- CI pushes tags with the deploy token ${GITHUB_TOKEN} on every release branch of the ledger service`;
    const files = new Map([
      ['reference_ci-tokens.md', memory('reference_ci-tokens', 'How CI authenticates to GitHub for the ledger service releases', `# CI tokens\n\n${line}\n- Rotated by the platform team each quarter.`)],
      ['reference_release-steps.md', memory('reference_release-steps', 'Release steps of the ledger service and the tokens they use', `# Release\n\n${line}\n- Tag from main after the checks pass.`)],
    ]);
    const engine = checkedEngine(files);
    const found = [...engine.allProblems()].filter((p) => p.code === ProblemCode.NearDuplicate);
    assert.ok(found.length > 0, 'the shared line makes a near-duplicate');
    assert.ok(found.some((p) => p.message.includes('ghp_')), `quotes the passage: ${found.map((p) => p.message).join(' | ')}`);
    assertNoSecret(shown(found), GITHUB_TOKEN);
  });

  it('leaves a key id out of the shared description words', () => {
    const description = `Staging S3 bucket access with key ${AWS_KEY_ID} for the nightly export job`;
    const files = new Map([
      ['reference_s3-staging.md', memory('reference_s3-staging', description, 'The nightly export writes parquet files to the staging bucket; the key only has put access.')],
      ['reference_nightly-export.md', memory('reference_nightly-export', description, 'Nightly export job: runs at 02:00 UTC, writes parquet to staging, retries twice, then pages on-call.')],
    ]);
    const engine = checkedEngine(files);
    const all = [...engine.allProblems()];
    const found = all.filter((p) => p.code === ProblemCode.NearDuplicate);
    assert.ok(found.length > 0, 'the same description makes a near-duplicate');
    assertNoSecret(shown(all), AWS_KEY_ID);
    assertNoSecret(shown(all).toUpperCase(), AWS_KEY_ID);
  });
});

describe('near-duplicate: a memory MEMORY.md marks as replaced', () => {
  const files = (hook: string) =>
    new Map([
      ['MEMORY.md', `- [Cover letters](feedback_cover-letters.md) — ${hook}\n- [Application rules](feedback_application-rules.md) — every rule for resumes and letters\n`],
      ['feedback_cover-letters.md', memory('feedback_cover-letters', 'Cover letters fit on one page', 'One page, 550-700 words.')],
      ['feedback_application-rules.md', memory('feedback_application-rules', 'All resume and letter rules', 'Resumes: two pages. Letters: one page.')],
    ]);

  for (const hook of ['SUPERSEDED by the unified rules below; kept for reference', '→ merged into [rules](feedback_application-rules.md)', '[[feedback_application-rules]] に統合済み', '(feedback_application-rules.md)로 통합됨',
    'folded into [[feedback_application-rules]]', 'old; now part of feedback_application-rules.md', '~~one page, 550-700 words~~ see feedback_application-rules.md',
    '(→ [[feedback_application-rules]]에 합침)', '旧版。[[feedback_application-rules]] を参照', '~~旧ルール~~ → feedback_application-rules.md へ移行',
    'moved to feedback_application-rules.md', 'duplicate of [[feedback_application-rules]]', 'OUTDATED — see feedback_application-rules.md', 'use [[feedback_application-rules]] instead',
    '統合先: feedback_application-rules.md', '（feedback_application-rules.md に集約）', 'feedback_application-rules.md と重複', '~~一枚、550〜700語~~',
    'feedback_application-rules.md로 대체', '(구) feedback_application-rules.md 참고', '중복 — feedback_application-rules.md 참고']) {
    it(`reports the retired memory for "${hook}", and only it`, () => {
      const engine = checkedEngine(files(hook));
      const found = [...engine.allProblems()].filter((p) => p.code === ProblemCode.NearDuplicate);
      assert.deepEqual(found.map((p) => p.path), ['feedback_cover-letters.md']);
    });
  }

  it('names the memory a wiki link points to as the one that replaced it', () => {
    const engine = checkedEngine(files('folded into [[feedback_application-rules]]'));
    const found = [...engine.allProblems()].filter((p) => p.code === ProblemCode.NearDuplicate);
    assert.match(found[0]?.message ?? '', /replaced by "feedback_application-rules\.md"/);
  });

  for (const hook of ['how we replaced the old template with one page', 'deprecated phrasing to avoid in letters', 'レター作成ワークフローに統合した手順', '지원서 워크플로에 통합한 규칙',
    'now part of the application workflow', 'one page; see feedback_application-rules.md for resumes', 'moved into the shared template in March', '旧版の書式との違い',
    'moved the deadline to Friday', 'use feedback_application-rules.md for the template',
    '旧サーバーの設定 (feedback_application-rules.md)', '구글 드라이브 위치, feedback_application-rules.md 참고', '중복 지원 방지 규칙']) {
    it(`does not take "${hook}" for a retired memory`, () => {
      const engine = checkedEngine(files(hook));
      assert.deepEqual([...engine.allProblems()].filter((p) => p.code === ProblemCode.NearDuplicate), []);
    });
  }
});
