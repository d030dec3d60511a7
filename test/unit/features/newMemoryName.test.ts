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

  it('gives a Korean title a slug in its own script in a folder of slugs, the type prefix and no space in the file (issue #40)', () => {
    const store = storeOf({ 'feedback_math-notation.md': memory('math-notation', 'feedback'), 'user_role.md': memory('role', 'user') });
    assert.deepEqual(deriveName('탭으로 들여쓰기', 'feedback', store), { name: '탭으로-들여쓰기', file: 'feedback_탭으로-들여쓰기.md' });
    assert.deepEqual(deriveName('本番DBに 直接 クエリしない', 'project', store), { name: '本番dbに-直接-クエリしない', file: 'project_本番dbに-直接-クエリしない.md' });
    assert.equal(deriveName('  ', 'feedback', store), undefined);
  });

  it('keeps a title with spaces as the name in a folder named by titles, but never puts the spaces in the file (ko)', () => {
    const store = storeOf({ 'feedback_commit-format.md': memory('커밋 형식', 'feedback'), 'project_release.md': memory('릴리스 주기', 'project') });
    assert.deepEqual(deriveName('배포 동결 (목요일)', 'project', store), { name: '배포 동결 (목요일)', file: 'project_배포-동결-목요일.md' });
  });

  it('follows Claude Code\'s own habit in an empty folder: name the topic slug, file <type>_<topic>.md (en, ko, ja)', () => {
    const empty = new MemoryStore();
    assert.deepEqual(deriveName('Tabs over spaces', 'feedback', empty), { name: 'tabs-over-spaces', file: 'feedback_tabs-over-spaces.md' });
    assert.deepEqual(deriveName('배포 동결', 'project', empty), { name: '배포-동결', file: 'project_배포-동결.md' });
    assert.deepEqual(deriveName('返信は丁寧語で', 'feedback', empty), { name: '返信は丁寧語で', file: 'feedback_返信は丁寧語で.md' });
  });

  it('names a memory in an auto memory Claude Code wrote as Claude Code names its own, whatever the title\'s language', () => {
    const store = storeOf({ 'feedback_review-style.md': memory('review-style', 'feedback'), 'user_role.md': memory('role', 'user'), 'project_freeze.md': memory('freeze', 'project') });
    assert.deepEqual(deriveName('Small pull requests', 'feedback', store), { name: 'small-pull-requests', file: 'feedback_small-pull-requests.md' });
    assert.deepEqual(deriveName('작은 PR', 'feedback', store), { name: '작은-pr', file: 'feedback_작은-pr.md' });
  });

  it('keeps a long title\'s slug short, cut at a word', () => {
    const name = deriveName('Always run the whole integration suite against a real database before merging any branch', 'feedback', new MemoryStore())!.name;
    assert.ok(name.length <= 48, name);
    assert.match(name, /^always-run-the-whole-integration-suite-against(-a)?$/);
  });
});
