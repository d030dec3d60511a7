import * as assert from 'node:assert/strict';
import { documentationMatcher } from '../../../../../src/core';

const matches = (glob: string, path: string): boolean => documentationMatcher([glob])(path);

describe('documentationMatcher, the --exclude and memoryShelf.exclude globs', () => {
  it('matches as VS Code globs do: * and ? in one folder, ** across folders, {a,b}, [abc], a bare name anywhere', () => {
    const cases: [string, string, boolean][] = [
      ['CHANGELOG.md', 'CHANGELOG.md', true], ['CHANGELOG.md', 'team/changelog.md', true], ['CHANGELOG.md', 'xCHANGELOG.md', false],
      ['*.draft.md', 'notes/plan.draft.md', true], ['*.draft.md', 'plan.md', false],
      ['docs/*.md', 'docs/a.md', true], ['docs/*.md', 'docs/sub/a.md', false], ['docs/*.md', 'team/docs/a.md', false],
      ['docs/**/*.md', 'docs/a.md', true], ['docs/**/*.md', 'docs/x/y/a.md', true], ['docs/**', 'docs/x/y/a.md', true],
      ['docs', 'docs/a.md', true], ['**/guide_?.md', 'a/b/guide_1.md', true], ['**/guide_?.md', 'a/b/guide_12.md', false],
      ['{guide,howto}_*.md', 'howto_x.md', true], ['{guide,{how,what}to}_*.md', 'whatto_x.md', true], ['{guide,howto}_*.md', 'other_x.md', false],
      ['project_[ab].md', 'project_b.md', true], ['project_[!ab].md', 'project_b.md', false], ['project_[!ab].md', 'project_c.md', true],
      ['a}b,c.md', 'a}b,c.md', true], ['{a,b.md', 'b.md', true], ['[.md', '[.md', true], ['메모_*.md', '팀/메모_회의.md', true],
    ];
    for (const [glob, path, expected] of cases) assert.equal(matches(glob, path), expected, `${glob} on ${path}`);
  });

  it('answers at once for repeated ** and * on a deep path or a long name (a backtracking expression hung here)', () => {
    const deep = `${'d/'.repeat(300)}project_deep.md`;
    assert.equal(matches(`${'**/'.repeat(12)}*x`, deep), false);
    assert.equal(matches(`${'**/'.repeat(12)}*.md`, deep), true);
    const long = `${'a'.repeat(240)}.md`;
    assert.equal(matches(`${'a*'.repeat(30)}b`, long), false);
    assert.equal(matches(`${'*a'.repeat(30)}*.md`, long), true);
    assert.equal(matches(`**${'/**a'.repeat(20)}/x`, deep), false);
  });
});

describe('documentationMatcher without globs', () => {
  it('takes README.md in any case and a repository\'s capitalized documents for documentation, not lower-case topics', () => {
    const isDoc = documentationMatcher([]);
    for (const path of ['README.md', 'team/readme.md', 'SETUP.md', 'sub/INSTALL.md', 'CONTRIBUTING.md', 'CHANGELOG.md', 'CHANGES.md']) assert.equal(isDoc(path), true, path);
    for (const path of ['setup.md', 'feedback_setup.md', 'project_SETUP.md', 'CURRENT.md', 'changelog.md', 'project_changelog.md']) assert.equal(isDoc(path), false, path);
  });
});
