import * as assert from 'node:assert/strict';
import { MemoryStore } from '../../../src/core';
import { deriveName } from '../../../src/features/links/newMemoryName';

function storeOf(files: Record<string, string>): MemoryStore {
  const store = new MemoryStore();
  for (const [path, text] of Object.entries(files)) store.update(path, text);
  return store;
}

const memory = (name: string, type: string): string => `---\nname: ${name}\ndescription: x\ntype: ${type}\n---\n`;

describe('New Memory: a title becomes the name and file name the folder gives it', () => {
  it('keeps a Japanese title as the name in a folder named by titles, with its feedback_ file prefix', () => {
    const store = storeOf({ 'feedback_締め切り厳守.md': memory('締め切り厳守', 'feedback'), 'project_定例.md': memory('定例', 'project') });
    assert.deepEqual(deriveName('タブでインデントする', 'feedback', store), { name: 'タブでインデントする', file: 'feedback_タブでインデントする.md' });
  });

  it('keeps the feedback_ prefix where files are named by an English topic and names are titles', () => {
    const store = storeOf({
      'feedback_keigo.md': memory('敬語で対応', 'feedback'),
      'project_audio-latency.md': memory('音声遅延', 'project'),
      'feedback_small-commits.md': memory('feedback_small-commits', 'feedback'),
    });
    assert.deepEqual(deriveName('ビルド結果は毎朝確認する', 'feedback', store), { name: 'ビルド結果は毎朝確認する', file: 'feedback_ビルド結果は毎朝確認する.md' });
  });

  it('slugs an English title in a folder of slugs, with the type in front where its names carry it', () => {
    const store = storeOf({ 'feedback_small_prs.md': memory('feedback-small-prs', 'feedback'), 'project_release.md': memory('project-release', 'project') });
    assert.deepEqual(deriveName('Tabs over spaces', 'feedback', store), { name: 'feedback-tabs-over-spaces', file: 'feedback_tabs_over_spaces.md' });
  });

  it('follows the <type>_<topic>.md file prefix of a folder whose names are topics', () => {
    const store = storeOf({ 'feedback_math-notation.md': memory('math-notation', 'feedback'), 'user_role.md': memory('role', 'user') });
    assert.deepEqual(deriveName('Tabs over spaces', 'feedback', store), { name: 'tabs-over-spaces', file: 'feedback_tabs-over-spaces.md' });
  });

  it('keeps a Korean title as written even in a folder of slugs: it has no slug', () => {
    const store = storeOf({ 'feedback_math-notation.md': memory('math-notation', 'feedback') });
    assert.equal(deriveName('탭으로 들여쓰기', 'feedback', store)?.name, '탭으로 들여쓰기');
    assert.equal(deriveName('  ', 'feedback', store), undefined);
  });
});
