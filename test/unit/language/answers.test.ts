import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryLanguage } from '../../../src/language/memoryLanguage';
import { RootSession } from '../../../src/language/rootSession';
import { readSettings } from '../../../src/language/settings';

const FILES: Record<string, string> = {
  'MEMORY.md': '# Memory\n\n- [Commit style](commit-style.md) — how commits are written\n- [Deploy steps](deploy-steps.md) — the deploy checklist\n',
  'commit-style.md': '---\nname: commit-style\ndescription: How commit messages are written in this project\ntype: feedback\n---\nWrite the subject in the imperative. See [[deploy-steps]] before a release.\n',
  'deploy-steps.md': '---\nname: deploy-steps\ndescription: The checklist followed for every deploy\ntype: project\n---\nRun the tests, then tag. Ask [[release-owner]] first.\n',
};

describe('the language layer\'s answers, without VS Code or a language server', () => {
  const language = createMemoryLanguage();
  let folder: string;
  let session: RootSession;
  before(async () => {
    folder = mkdtempSync(join(tmpdir(), 'memory-shelf-answers-'));
    for (const [name, text] of Object.entries(FILES)) writeFileSync(join(folder, name), text);
    session = await RootSession.load({ folder, exclude: [], indexLoad: 'entrypoint' }, readSettings(() => undefined));
  });
  after(() => rmSync(folder, { recursive: true, force: true }));
  const types = (): readonly string[] => session.ruleContext().typeSet.types;

  it('hover: a link to a memory tells its title, type, description, first lines and backlinks', () => {
    const text = FILES['commit-style.md'];
    const answer = language.hover(session, 'commit-style.md', text, { line: 5, character: 45 });
    assert.ok(answer?.kind === 'memory');
    assert.deepEqual(answer.memory, { title: 'Deploy steps', path: 'deploy-steps.md' });
    assert.equal(answer.type, 'project');
    assert.equal(answer.description, 'The checklist followed for every deploy');
    assert.deepEqual(answer.preview, ['Run the tests, then tag. Ask [[release-owner]] first.']);
    assert.equal(answer.backlinks, 1);
    assert.deepEqual(answer.range, { start: { line: 5, character: 41 }, end: { line: 5, character: 57 } });
  });

  it('hover: a dangling link tells who reserves it; off a link, nothing', () => {
    const text = FILES['deploy-steps.md'];
    const answer = language.hover(session, 'deploy-steps.md', text, { line: 5, character: 35 });
    assert.ok(answer?.kind === 'dangling');
    assert.equal(answer.target, 'release-owner');
    assert.equal(answer.reservedBy, 1);
    assert.equal(language.hover(session, 'deploy-steps.md', text, { line: 5, character: 2 }), undefined);
  });

  it('completion: after `[[` the memories and reservations, ranked, with the ranges to insert over', () => {
    const line = 'See [[dep';
    const list = language.completion(session, 'commit-style.md', line, { line: 5, character: line.length }, types());
    assert.ok(list);
    assert.deepEqual(list.replacing, { start: { line: 5, character: 6 }, end: { line: 5, character: 9 } });
    const first = list.items[0];
    assert.equal(first.name, 'deploy-steps');
    assert.equal(first.newText, 'deploy-steps]]');
    assert.deepEqual(first.memory, { type: 'project', title: 'Deploy steps', description: 'The checklist followed for every deploy', path: 'deploy-steps.md' });
    const reserved = language.completion(session, 'commit-style.md', 'See [[release', { line: 5, character: 13 }, types())?.items.find((item) => item.name === 'release-owner');
    assert.deepEqual(reserved?.reservation, { linkedFrom: 1 });
    assert.equal(language.completion(session, 'commit-style.md', 'See deploy', { line: 5, character: 10 }, types()), undefined);
  });

  it('code actions: a dangling link offers a new memory of each type, titled in translatable text', () => {
    const text = FILES['deploy-steps.md'];
    const dangling = session.problemsFor('deploy-steps.md').filter((problem) => problem.code === 'link-dangling');
    assert.equal(dangling.length, 1);
    const actions = language.codeActions(session, 'deploy-steps.md', text, dangling);
    const creates = actions.filter((action) => action.title.template === 'Create the memory "{0}" ({1})');
    assert.deepEqual(creates.map((action) => action.title.args), [['release-owner', 'user'], ['release-owner', 'feedback'], ['release-owner', 'project'], ['release-owner', 'reference']]);
    assert.ok(creates.every((action) => action.problems.length === 1 && action.problems[0] === dangling[0] && action.edits.some((edit) => edit.kind === 'create')));
  });

  it('code actions: two relative dates in a file add one fix for all of them; no problem asked, no action', async () => {
    const text = '---\nname: standup\ndescription: What the standup decided\ntype: project\n---\nDecided yesterday; shipping tomorrow.\n';
    // Written on disk: its file time anchors the dates.
    writeFileSync(join(folder, 'standup.md'), text);
    await session.reread('standup.md');
    const dates = session.problemsFor('standup.md').filter((problem) => problem.code === 'relative-date');
    assert.equal(dates.length, 2);
    const actions = language.codeActions(session, 'standup.md', text, dates);
    const all = actions.filter((action) => action.title.template === 'Fix all relative dates in this file');
    assert.equal(all.length, 1);
    assert.deepEqual(all[0].problems, dates);
    assert.deepEqual(language.codeActions(session, 'standup.md', text, []), []);
  });
});
