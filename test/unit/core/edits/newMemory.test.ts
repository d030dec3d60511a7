import * as assert from 'node:assert/strict';
import {
  memoryLanguage, newMemoryText, parseMemoryFile, planStub, ProblemCode, rootConventions, type FileEdit, type MemoryStore,
} from '../../../../src/core';
import { applyFileEdits, storeOf } from '../links/fileEdits';
import { checkedEngine, only } from '../rules/ruleHelpers';

const ko = (path: string, name: string, description: string, body: string): [string, string] =>
  [path, `---\r\nname: ${name}\r\ndescription: ${description}\r\ntype: feedback\r\n---\r\n${body}\r\n`];

/** A Korean root as agents write it: Korean prose with English identifiers, code and a UI label, CRLF. */
const koreanRoot = (): Map<string, string> => new Map([
  ['MEMORY.md', '\uFEFF# 메모리 색인\r\n\r\n- [보고서 문체](feedback_report.md) — 보고서는 존댓말로\r\n- [배포](project_deploy.md) — 금요일 배포 금지\r\n'],
  ko('feedback_report.md', 'report', '보고서는 존댓말로 쓴다', '`npm run lint`로 확인한 뒤 **Submit** 버튼을 누른다.'),
  ko('project_deploy.md', 'deploy', '금요일 배포 금지', '배포는 `deploy.sh`로만 한다. CI가 green일 때만.'),
  ko('reference_api.md', 'api-docs', 'API 문서 위치', 'https://example.com/docs — 인증은 `Authorization: Bearer`.'),
  ['user_role.md', '---\nname: role\ndescription: Data scientist who reads Python\ntype: user\n---\nPrefers pandas over SQL.\n'],
]);

const japaneseRoot = (): Map<string, string> => new Map([
  ['MEMORY.md', '# メモリ索引\n- [コード](feedback_code.md) — コードブロックは4スペース\n'],
  ['feedback_code.md', '---\nname: code-blocks\ndescription: コードブロックは4スペースで書く\nmetadata:\n  type: feedback\n---\n`tab` は使わない。理由: レビューで崩れる。\n'],
  ['project_release.md', '---\nname: release\ndescription: リリースは毎月第一月曜日\nmetadata:\n  type: project\n---\nQA の承認が必要。\n'],
]);

describe('the language a root is written in', () => {
  it('reads each memory’s language from its description and body, Latin letters counting a third', () => {
    const language = (description: string, body = ''): string | undefined => memoryLanguage(parseMemoryFile('a.md', `---\ndescription: ${description}\n---\n${body}`));
    assert.equal(language('확인은 `npm run test:unit`로 한다'), 'ko');
    assert.equal(language('배포 문서', 'https://example.com/docs/deploy-guide 참고'), 'ko');
    assert.equal(language('Use the 한글 font in Word documents'), 'en');
    assert.equal(language('コードは `prettier` で整形する'), 'ja');
    // Kanji without kana could be Chinese or hanja: not counted as Japanese.
    assert.equal(language('設計 方針'), undefined);
    assert.equal(language('1234'), undefined);
  });

  it('takes the majority of the memories, English on a tie or in an empty root', () => {
    assert.equal(rootConventions(storeOf(koreanRoot())).language, 'ko');
    assert.equal(rootConventions(storeOf(japaneseRoot())).language, 'ja');
    assert.equal(rootConventions(storeOf(new Map())).language, 'en');
    const tie = new Map([koreanRoot().get('feedback_report.md')!, koreanRoot().get('user_role.md')!].map((text, i) => [`m${i}.md`, text]));
    assert.equal(rootConventions(storeOf(tie)).language, 'en');
  });
});

describe('newMemoryText, the one writer of new memory files', () => {
  it('writes a stub from a [[link]] with Korean headings in a Korean root, in its CRLF', () => {
    const plan = planStub(storeOf(koreanRoot()), { name: 'feedback-tone', type: 'feedback' });
    assert.ok(plan.ok);
    assert.equal(plan.content, '---\r\nname: feedback-tone\r\ndescription: \r\ntype: feedback\r\n---\r\n# feedback-tone\r\n\r\n## 무엇이 수정되었는가\r\n\r\n## 어떻게 하는가\r\n\r\n## 왜\r\n');
    assert.deepEqual(plan.cursor, { line: 2, character: 13 });
  });

  it('writes the description, a hook in the index line, and puts the cursor in the body', () => {
    const files = japaneseRoot();
    const plan = planStub(storeOf(files), { name: 'reference-dashboards', type: 'reference', description: '監視ダッシュボード: Grafana の URL と見方' });
    assert.ok(plan.ok);
    assert.equal(plan.content, '---\nname: reference-dashboards\ndescription: "監視ダッシュボード: Grafana の URL と見方"\nmetadata:\n  type: reference\n---\n# reference-dashboards\n\n## どこにあるか\n\n## 何に使うか\n');
    assert.deepEqual(plan.cursor, { line: 9, character: 0 });
    const after = applyFileEdits(files, plan.edits);
    assert.equal(after.get('MEMORY.md'), '# メモリ索引\n- [コード](feedback_code.md) — コードブロックは4スペース\n- [reference-dashboards](reference_dashboards.md) — 監視ダッシュボード: Grafana の URL と見方\n');
    const written = storeOf(after).get('reference_dashboards.md')!;
    assert.equal(written.description, '監視ダッシュボード: Grafana の URL と見方');
    assert.equal(written.type, 'reference');
  });

  it('quotes values YAML 1.1 would misread and keeps a user template as given', () => {
    const { content, cursor } = newMemoryText({ name: 'yes', description: '2026-03-09', type: 'user', template: '# {{name}}\n' }, { typeLocation: 'top-level', eol: '\n', language: 'ko' });
    assert.equal(content, '---\nname: "yes"\ndescription: "2026-03-09"\ntype: user\n---\n# yes\n');
    assert.deepEqual(cursor, { line: 6, character: 0 });
  });

  it('creates the file an index entry points at with the root’s headings, shape and the entry’s hook', () => {
    const files = koreanRoot();
    files.set('MEMORY.md', files.get('MEMORY.md')! + '- [시험](feedback_exam.md) — 시험 \\[초안\\]은 금요일까지\r\n');
    const engine = checkedEngine(files);
    const problem = only(engine, 'MEMORY.md', ProblemCode.IndexMissingFile);
    const create = problem.fixes!.flatMap((fix) => fix.edits).find((edit): edit is Extract<FileEdit, { kind: 'create' }> => edit.kind === 'create')!;
    assert.equal(create.content, '---\r\nname: feedback-exam\r\ndescription: 시험 [초안]은 금요일까지\r\ntype: feedback\r\n---\r\n# feedback-exam\r\n\r\n## 무엇이 수정되었는가\r\n\r\n## 어떻게 하는가\r\n\r\n## 왜\r\n');
  });

  it('keeps the stub’s language current as memories come and go', () => {
    const files = new Map([
      ['MEMORY.md', '- [Gone](project_gone.md) — was here\n'],
      ['a.md', '---\nname: a\ndescription: Written in English\ntype: user\n---\n'],
    ]);
    const engine = checkedEngine(files);
    const stubOf = (): string => {
      const fix = only(engine, 'MEMORY.md', ProblemCode.IndexMissingFile).fixes!.flatMap((f) => f.edits).find((edit) => edit.kind === 'create');
      return fix?.kind === 'create' ? fix.content : '';
    };
    assert.match(stubOf(), /## The constraint/);
    const store: MemoryStore = engine.store;
    for (const path of ['b.md', 'c.md']) engine.applyChange(store.update(path, '---\nname: x\ndescription: 한국어로 쓴 메모\ntype: user\n---\n'));
    assert.match(stubOf(), /## 제약\n\n## 그 이유\n$/);
    engine.applyChange(store.remove('b.md'));
    assert.match(stubOf(), /## The constraint/);
  });
});
