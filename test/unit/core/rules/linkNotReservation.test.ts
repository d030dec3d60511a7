import * as assert from 'node:assert/strict';
import { ProblemCode } from '../../../../src/core';
import { checkedEngine } from './ruleHelpers';

const memory = (name: string, body: string): string => `---\nname: ${name}\ndescription: working notes on ${name} and what links from them\ntype: project\n---\n${body}\n`;

/** Lines of real-shaped notes (en, ko, ja), each with the targets a person reads as reservations. */
const LABELED: readonly { readonly body: string; readonly reservations: readonly string[] }[] = [
  // A quoted template shows how to write a link; an embed names a picture.
  { body: 'Template for new notes: "Related: [[topic-name]]"', reservations: [] },
  { body: '템플릿: "관련: [[주제-이름]]"', reservations: [] },
  { body: 'テンプレート：「関連: [[トピック名]]」', reservations: [] },
  { body: 'Write links as “[[memory-name]]” in every note.', reservations: [] },
  { body: 'Diagram: ![[architecture.png]]', reservations: [] },
  { body: '구조도: ![[시스템-구조.pdf]]', reservations: [] },
  { body: 'The index is [[MEMORY]]; keep each entry one line.', reservations: [] },
  // Reservations, quotes elsewhere on the line included.
  { body: 'Next: write [[billing-retries]] once the design settles.', reservations: ['billing-retries'] },
  { body: 'The user said "ship it", so [[release-checklist]] comes next.', reservations: ['release-checklist'] },
  { body: '「急ぎ」とのこと。[[請求リトライ]] を書く。', reservations: ['請求リトライ'] },
  { body: '관련: [[배포-체크리스트]], [[db-선택]]', reservations: ['배포-체크리스트', 'db-선택'] },
  { body: 'Related: [[node.js-upgrade]]', reservations: ['node.js-upgrade'] },
];

describe('link-dangling: what is not a reservation', () => {
  it('reports every labeled reservation and no quoted template or embedded file', () => {
    const wrong: string[] = [];
    for (const { body, reservations } of LABELED) {
      const engine = checkedEngine(new Map([['project_notes.md', memory('notes', body)]]));
      const found = engine.problemsFor('project_notes.md').filter((p) => p.code === ProblemCode.LinkDangling).map((p) => /"([^"]+)"/.exec(p.message)?.[1]);
      if (JSON.stringify(found) !== JSON.stringify(reservations)) wrong.push(`${body}: ${JSON.stringify(found)}`);
    }
    assert.deepEqual(wrong, []);
  });
});
