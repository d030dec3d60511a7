import * as assert from 'node:assert/strict';
import { parseMemoryFile, ProblemCode, ProblemEngine, MemoryStore, resolveTypeSet } from '../../../src/core';
import { descriptionHint } from '../../../src/webview/editor/descriptionHint';

/** What the extension posts to the form: the description and whether core's rule found it vague. */
function judged(description: string): { text: string; vague: boolean } {
  const store = new MemoryStore();
  store.update('feedback_x.md', `---\nname: deploy-process\ndescription: ${description}\ntype: feedback\n---\nbody\n`);
  const engine = new ProblemEngine(store, { typeSet: resolveTypeSet(undefined, undefined) });
  engine.checkAll();
  return { text: parseMemoryFile('feedback_x.md', store.get('feedback_x.md')!.text).description ?? '', vague: engine.problemsFor('feedback_x.md').some((problem) => problem.code === ProblemCode.DescriptionVague) };
}

describe('descriptionHint: the form\'s hint is core\'s description-vague rule', () => {
  it('calls vague what the rule does, in three languages', () => {
    for (const text of ['notes', 'misc stuff about the API', 'testing', '메모', '배포 관련', 'その他の設定', 'Deploy process']) assert.equal(descriptionHint(text, judged(text)), 'vague', text);
  });

  it('accepts a description that says when the fact applies, in three languages', () => {
    for (const text of [
      'Integration tests must hit a real database, not mocks',
      '금요일 오후에는 프로덕션 배포를 하지 않는다',
      'レビューでは設計の意図を先に書く',
    ]) assert.equal(descriptionHint(text, judged(text)), 'good', text);
  });

  it('gives no verdict on text typed since the rule read it, and reads length and line breaks itself', () => {
    assert.equal(descriptionHint('notes about', judged('notes')), undefined);
    assert.equal(descriptionHint('', judged('notes')), 'vague');
    assert.equal(descriptionHint('Deploys '.repeat(20), judged('notes')), 'long');
    assert.equal(descriptionHint('Deploys go out on Tuesdays\nand never on Fridays', judged('notes')), 'long');
  });
});
