import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatText, type Problem } from '../../../src/core';
import { say } from '../../../src/language/lenses';
import { createMemoryLanguage, type CheckedRoot, type LensRoot } from '../../../src/language/memoryLanguage';
import type { RootSession } from '../../../src/language/rootSession';
import { readSettings } from '../../../src/language/settings';
import { answerRoot, FILES } from './answerRoot';

/**
 * What a door other than the language server asks of the answers: the extension's quick-fix list (its
 * own actions among the fixes, no new memory per type) and lenses of a root that is not a RootSession.
 */
describe('the language layer\'s answers as a door with its own root and actions asks them', () => {
  const language = createMemoryLanguage();
  let session: RootSession;
  let folder: string;
  let dispose: () => void;
  before(async () => ({ session, folder, dispose } = await answerRoot()));
  after(() => dispose());

  /** A root made of the session's parts, as the extension makes one of its own root and settings. */
  const adapted = (indexCodeLens = true): LensRoot & CheckedRoot => ({
    store: session.store,
    heldText: (path) => session.heldText(path),
    settings: { ...readSettings(() => undefined), indexCodeLens },
    place: { indexLoad: 'entrypoint' },
    ruleContext: () => session.ruleContext(),
    problemsFor: (path) => session.problemsFor(path),
  });

  it('a dangling link offers no new memory when the door creates memories its own way', () => {
    const text = FILES['deploy-steps.md'];
    const dangling = session.problemsFor('deploy-steps.md').filter((problem) => problem.code === 'link-dangling');
    assert.equal(dangling.length, 1);
    const offered = language.codeActions(adapted(), 'deploy-steps.md', text, dangling);
    assert.ok(offered.some((action) => action.title.template === 'Create the memory "{0}" ({1})'));
    const titles = language.codeActions(adapted(), 'deploy-steps.md', text, dangling, { createMemory: false }).map((action) => ('door' in action ? action.door : action.title.template));
    assert.ok(!titles.includes('Create the memory "{0}" ({1})'), titles.join(', '));
  });

  it('the door\'s own actions of a problem come after its fixes and before the fix-all, once per problem asked', async () => {
    const text = '---\nname: standup-notes\ndescription: What the standup decided\ntype: project\n---\nDecided yesterday; shipping tomorrow.\n';
    writeFileSync(join(folder, 'standup-notes.md'), text);
    await session.reread('standup-notes.md');
    const dates = session.problemsFor('standup-notes.md').filter((problem) => problem.code === 'relative-date');
    assert.equal(dates.length, 2);
    const asked: Problem[] = [];
    const listed = language.codeActions(adapted(), 'standup-notes.md', text, dates, {
      doorActions: (problem) => {
        asked.push(problem);
        return [`open ${problem.range.start.character}`];
      },
    });
    assert.deepEqual(asked, dates);
    const said = listed.map((action) => ('door' in action ? `door: ${action.door}` : formatText(action.title)));
    const [first, second] = dates.map((date) => date.fixes?.map((fix) => fix.title) ?? []);
    assert.ok(first.length > 0 && second.length > 0);
    assert.deepEqual(said, [...first, `door: open ${dates[0].range.start.character}`, 'Fix all relative dates in this file', ...second, `door: open ${dates[1].range.start.character}`]);
  });

  it('lenses of a root that is not a session: its settings and load way say whether and how', () => {
    const lenses = language.lenses(adapted(), 'MEMORY.md', FILES['MEMORY.md']).map((lens) => [lens.line, say(lens.title, formatText)]);
    assert.deepEqual(lenses, [
      [0, '4 / 200 lines · 126 / 25000 characters load at session start'],
      [2, 'feedback · 0 backlinks'],
      [3, 'project · 1 backlink'],
    ]);
    assert.deepEqual(language.lenses(adapted(false), 'MEMORY.md', FILES['MEMORY.md']), []);
  });
});
