import * as assert from 'node:assert/strict';
import { descriptionHint } from '../../../src/webview/editor/descriptionHint';

describe('descriptionHint', () => {
  it('calls generic or very short descriptions vague', () => {
    for (const text of ['about data', 'notes', 'misc stuff about the API', 'testing', '메모', '배포 관련', 'その他の設定']) assert.equal(descriptionHint(text), 'vague', text);
  });

  it('accepts a description that says when the fact applies, in three languages', () => {
    for (const text of [
      'Integration tests must hit a real database, not mocks',
      '금요일 오후에는 프로덕션 배포를 하지 않는다',
      'レビューでは設計の意図を先に書く',
    ]) assert.equal(descriptionHint(text), 'good', text);
  });

  it('calls a description past one listing line, or with a line break, too long', () => {
    assert.equal(descriptionHint('Deploys '.repeat(20)), 'long');
    assert.equal(descriptionHint('Deploys go out on Tuesdays\nand never on Fridays'), 'long');
  });
});
