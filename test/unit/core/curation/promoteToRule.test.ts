import * as assert from 'node:assert/strict';
import { applyTextEdits, parseMemoryFile, planPromoteToRule, ruleBullet, ruleTextOf, type RuleEdit } from '../../../../src/core';

const memory = (path: string, text: string) => parseMemoryFile(path, text);

function apply(text: string | undefined, edit: RuleEdit): string {
  if (edit.kind === 'create') {
    assert.equal(text, undefined, 'only a missing file is created');
    return edit.content;
  }
  assert.notEqual(text, undefined);
  return applyTextEdits(text!, edit.edits);
}

describe('the rule a memory makes', () => {
  it('takes the description as the fact and the 이유: line as the reason, label as written', () => {
    const rule = ruleTextOf(memory('feedback_commit-style.md', '---\nname: commit-style\ndescription: 커밋 메시지는 한국어로, 제목은 50자 이내로 쓴다\nmetadata:\n  type: feedback\n---\n커밋 제목에는 무엇을 바꿨는지 쓴다.\n\n이유: 팀원 절반이 영어 커밋 로그를\n읽기 어려워했다.\n'));
    assert.deepEqual(rule, { fact: '커밋 메시지는 한국어로, 제목은 50자 이내로 쓴다', reason: '팀원 절반이 영어 커밋 로그를 읽기 어려워했다.', reasonLabel: '이유' });
    assert.equal(ruleBullet(rule), '- 커밋 메시지는 한국어로, 제목은 50자 이내로 쓴다 — 이유: 팀원 절반이 영어 커밋 로그를 읽기 어려워했다.');
  });

  it('reads Claude Code\'s **Why:** and stops at **How to apply:**, in Japanese', () => {
    const rule = ruleTextOf(memory('feedback_pr-size.md', '---\nname: feedback-pr-size\ndescription: PR は変更300行以内に収め、大きな作業は機能ごとに分ける\ntype: feedback\n---\nプルリクエストは変更300行くらいまでに収める。\n**Why:** 長い差分は流し読みされる。8月の決済 PR(1,900行)では丸め誤差のバグが見落とされた。\n**How to apply:** 分割ごとにドラフト PR を作る。\n'));
    assert.equal(rule.reason, '長い差分は流し読みされる。8月の決済 PR(1,900行)では丸め誤差のバグが見落とされた。');
    assert.equal(rule.reasonLabel, 'Why');
  });

  it('reads 理由： with a full-width colon and a bullet', () => {
    const rule = ruleTextOf(memory('feedback_tests.md', '---\ndescription: 統合テストは実際の VS Code で動かす\n---\n- 理由：2026-03 の障害はモックで見逃した\n'));
    assert.deepEqual(rule, { fact: '統合テストは実際の VS Code で動かす', reason: '2026-03 の障害はモックで見逃した', reasonLabel: '理由' });
  });

  it('falls back to the first paragraph as the reason, skipping headings and code, and leaves out one that repeats the description', () => {
    const withParagraph = ruleTextOf(memory('reference_dashboards.md', '---\nname: dashboards\ndescription: Grafana board "API p95" tracks latency\ntype: reference\n---\n# Dashboards\n\n```sh\nopen https://grafana.internal/d/api-p95\n```\n\nOwned by the SRE team; page them in #sre-oncall,\nnot in #general.\n'));
    assert.deepEqual(withParagraph, { fact: 'Grafana board "API p95" tracks latency', reason: 'Owned by the SRE team; page them in #sre-oncall, not in #general.' });
    assert.equal(ruleBullet(withParagraph), '- Grafana board "API p95" tracks latency — Owned by the SRE team; page them in #sre-oncall, not in #general.');
    const repeated = ruleTextOf(memory('feedback_tabs.md', '---\nname: tabs\ndescription: Indent with tabs.\n---\nIndent  with tabs.\n'));
    assert.deepEqual(repeated, { fact: 'Indent with tabs.', reason: undefined });
    assert.equal(ruleBullet(repeated), '- Indent with tabs.');
  });

  it('keeps a label on the first paragraph\'s own first line as part of it, and stops it at a later label', () => {
    const rule = ruleTextOf(memory('reference_grafana.md', '---\nname: grafana\ndescription: Where the dashboards are and which one to open first during an incident\ntype: reference\n---\nDashboards: https://grafana.internal.example/d/ — start with **Service overview**.\nOwner: SRE 팀\n'));
    assert.deepEqual(rule, { fact: 'Where the dashboards are and which one to open first during an incident', reason: 'Dashboards: https://grafana.internal.example/d/ — start with **Service overview**.' });
  });

  it('uses the first paragraph as the fact when there is no description', () => {
    const rule = ruleTextOf(memory('feedback_claude-md.md', '---\ntype: feedback\n---\nCLAUDE.md is loaded every session, so it stays short.\n\n**Why:** a 300-line CLAUDE.md pushed the task out of context.\n'));
    assert.deepEqual(rule, { fact: 'CLAUDE.md is loaded every session, so it stays short.', reason: 'a 300-line CLAUDE.md pushed the task out of context.', reasonLabel: 'Why' });
  });
});

describe('append a rule to CLAUDE.md', () => {
  const bullet = '- 커밋 메시지는 한국어로 쓴다 — 이유: 팀원 절반이 영어 로그를 읽기 어려워했다.';

  it('creates a missing file holding only the section', () => {
    assert.equal(apply(undefined, planPromoteToRule(undefined, bullet)), `## Promoted from memory\n\n${bullet}\n`);
    assert.equal(apply('', planPromoteToRule('', bullet)), `## Promoted from memory\n\n${bullet}\n`);
  });

  it('adds the section at the end of a CRLF file, in CRLF, every other byte kept', () => {
    const text = '# Project\r\n\r\nRun `npm test` before pushing.\r\n';
    assert.equal(apply(text, planPromoteToRule(text, bullet)), `${text}\r\n## Promoted from memory\r\n\r\n${bullet}\r\n`);
  });

  it('adds the section after a file without a final line break, and after one ending in a blank line', () => {
    assert.equal(apply('# Project\n\nShort file.', planPromoteToRule('# Project\n\nShort file.', bullet)), `# Project\n\nShort file.\n\n## Promoted from memory\n\n${bullet}\n`);
    assert.equal(apply('# Project\n\n', planPromoteToRule('# Project\n\n', bullet)), `# Project\n\n## Promoted from memory\n\n${bullet}\n`);
  });

  it('appends at the end of an existing section, before the next heading, leaving the blank line and what follows', () => {
    const text = '# プロジェクト\r\n\r\n## Promoted from memory\r\n\r\n- PR は変更300行以内 — Why: 長い差分は流し読みされる。\r\n\r\n## Commands\r\n\r\n`npm test`\r\n';
    assert.equal(
      apply(text, planPromoteToRule(text, bullet)),
      `# プロジェクト\r\n\r\n## Promoted from memory\r\n\r\n- PR は変更300行以内 — Why: 長い差分は流し読みされる。\r\n${bullet}\r\n\r\n## Commands\r\n\r\n\`npm test\`\r\n`,
    );
  });

  it('appends under a section that is the last one, and under a heading with no bullets yet', () => {
    const last = '# Project\n\n## Promoted from memory\n\n- Use tabs.\n';
    assert.equal(apply(last, planPromoteToRule(last, bullet)), `# Project\n\n## Promoted from memory\n\n- Use tabs.\n${bullet}\n`);
    const empty = '## Promoted from memory\n\n## Commands\n';
    assert.equal(apply(empty, planPromoteToRule(empty, bullet)), `## Promoted from memory\n\n${bullet}\n\n## Commands\n`);
    const noBreak = '## Promoted from memory\n- Use tabs.';
    assert.equal(apply(noBreak, planPromoteToRule(noBreak, bullet)), `## Promoted from memory\n- Use tabs.\n${bullet}`);
  });

  it('does not take the heading inside a code fence, and keeps deeper headings inside the section', () => {
    const text = '# Project\n\n```md\n## Promoted from memory\n```\n';
    assert.equal(apply(text, planPromoteToRule(text, bullet)), `${text}\n## Promoted from memory\n\n${bullet}\n`);
    const nested = '## Promoted from memory\n\n- Use tabs.\n\n### From the review\n\n- Small PRs.\n\n## Commands\n';
    assert.equal(apply(nested, planPromoteToRule(nested, bullet)), `## Promoted from memory\n\n- Use tabs.\n\n### From the review\n\n- Small PRs.\n${bullet}\n\n## Commands\n`);
  });
});
