import * as assert from 'node:assert/strict';
import { MemoryStore, groupByType, resolveTypeSet, displayName, parseMemoryFile, shownGroups, lessonGroups } from '../../../src/core';
import { loadFixtureStore } from '../helpers/fixtures';

const claude = resolveTypeSet('claude-code', []);

describe('MemoryStore', () => {
  it('holds every Markdown file except the root index, and the index separately', () => {
    const store = loadFixtureStore('mixed');
    assert.equal(store.size, 9);
    assert.equal(store.get('MEMORY.md'), undefined);
    assert.equal(store.index?.entries.length, 7);
    assert.equal(store.get('team/project_team_rules.md')?.name, 'project-team-rules');
  });

  it('resolves links by name, then by folded name or file stem', () => {
    const store = loadFixtureStore('mixed');
    assert.deepEqual(store.resolveLink('user-profile').targets.map((m) => m.path), ['user_profile.md']);
    assert.equal(store.resolveLink('Feedback_Math_Notation').status, 'resolved');
    assert.equal(store.resolveLink('no_frontmatter').targets[0]?.path, 'no_frontmatter.md');
    assert.equal(store.resolveLink('feedback-report-writing').status, 'dangling');
  });

  it('reports a name shared by two memories as ambiguous', () => {
    const store = loadFixtureStore('mixed');
    store.update('team/user_profile.md', '---\nname: user-profile\ndescription: copy\ntype: user\n---\n');
    const resolution = store.resolveLink('user-profile');
    assert.equal(resolution.status, 'ambiguous');
    assert.deepEqual(resolution.targets.map((m) => m.path), ['team/user_profile.md', 'user_profile.md']);
  });

  it('lists backlinks, whichever way the link is spelled', () => {
    const store = loadFixtureStore('mixed');
    const math = store.get('feedback_math_notation.md')!;
    assert.deepEqual(store.backlinks(math).map((ref) => ref.source.path).sort(), ['feedback_no_data_fabrication.md', 'user_profile.md']);
    const profile = store.get('user_profile.md')!;
    assert.deepEqual(store.backlinks(profile).map((ref) => ref.source.path).sort(), ['no_frontmatter.md', 'reference_lab_drive.md']);
  });

  it('lists reservations with every memory that reserves the name', () => {
    const store = loadFixtureStore('mixed');
    const reservations = store.reservations();
    assert.deepEqual(reservations.map((r) => r.name), ['feedback-report-writing']);
    assert.deepEqual(reservations[0].references.map((ref) => ref.source.path).sort(), ['feedback_math_notation.md', 'project_docx_delivery.md']);
  });

  it('turns a reservation into a resolved link when the memory is written, and back when it is removed', () => {
    const store = loadFixtureStore('mixed');
    store.update('feedback_report_writing.md', '---\nname: feedback-report-writing\ndescription: d\ntype: feedback\n---\n');
    assert.deepEqual(store.reservations(), []);
    assert.equal(store.backlinks(store.get('feedback_report_writing.md')!).length, 2);
    store.remove('feedback_report_writing.md');
    assert.equal(store.reservations().length, 1);
  });

  it('replaces a file’s old name, links and type on update', () => {
    const store = loadFixtureStore('mixed');
    const change = store.update('user_profile.md', '---\nname: user-bio\ndescription: d\ntype: reference\n---\nno links now');
    assert.equal((change.previous as { name?: string }).name, 'user-profile');
    assert.deepEqual(store.findByName('user-profile'), []);
    assert.equal(store.findByName('user-bio')[0].type, 'reference');
    assert.equal(store.backlinks(store.get('feedback_math_notation.md')!).length, 1);
    // The links to the old name now dangle, unless the stem still matches: `user_profile` does.
    assert.equal(store.resolveLink('user-profile').targets[0].path, 'user_profile.md');
  });

  it('maps MEMORY.md entries to their target file', () => {
    const store = loadFixtureStore('mixed');
    assert.equal(store.indexEntriesFor('team/project_team_rules.md')[0].title, 'Team rules');
    assert.deepEqual(store.indexEntriesFor('broken_yaml.md'), []);
    store.remove('MEMORY.md');
    assert.equal(store.index, undefined);
    assert.deepEqual(store.indexEntriesFor('team/project_team_rules.md'), []);
  });

  it('ignores files that are not Markdown, and the index of a subfolder', () => {
    const store = new MemoryStore();
    store.update('notes.txt', 'x');
    store.update('team/MEMORY.md', '- [Rules](rules.md) — team rules\n');
    assert.equal(store.size, 0);
    assert.equal(store.index, undefined);
  });

  it('updates one file without re-reading the others', () => {
    // Every other file in the store stays the very same object after an unrelated update.
    const store = loadFixtureStore('mixed');
    const before = new Map([...store.memories()].map((memory) => [memory.path, memory]));
    store.update('opinion.md', '---\nname: opinion-tabs\ndescription: changed\ntype: user\n---\n');
    for (const memory of store.memories()) {
      if (memory.path !== 'opinion.md') assert.equal(memory, before.get(memory.path));
    }
  });
});

describe('groupByType', () => {
  it('groups in the configured order, keeps empty types, and gathers unknown and untyped files', () => {
    const store = loadFixtureStore('mixed');
    const groups = groupByType(store.memories(), claude);
    assert.deepEqual(
      groups.map((group) => [group.kind, group.type, group.memories.map(displayName)]),
      [
        ['type', 'user', ['user-profile']],
        ['type', 'feedback', ['feedback-math-notation', 'feedback-no-data-fabrication']],
        ['type', 'project', ['project-docx-delivery', 'project-team-rules']],
        ['type', 'reference', ['reference-lab-drive']],
        ['unknown', '', ['broken_yaml', 'no_frontmatter', 'opinion-tabs']],
      ],
    );
  });

  it('uses the MadoHub preset and custom sets', () => {
    const madohub = resolveTypeSet('madohub', undefined);
    assert.deepEqual(madohub.types, ['preference', 'fact', 'decision', 'pattern', 'postmortem', 'event']);
    const memory = parseMemoryFile('d.md', '---\nname: d\ndescription: d\ntype: decision\n---\n');
    assert.equal(groupByType([memory], madohub)[2].memories[0], memory);
    assert.deepEqual(resolveTypeSet('custom', ['idea', ' idea ', 'todo', 3]).types, ['idea', 'todo']);
    assert.deepEqual(resolveTypeSet('custom', []).types, ['user', 'feedback', 'project', 'reference']);
  });
});

describe('shownGroups', () => {
  const typed = (type: string) => parseMemoryFile(`${type}_x.md`, `---\nname: x\ndescription: x\ntype: ${type}\n---\n`);

  it('leaves out a type group whose last memory is gone while the folder holds others', () => {
    const groups = groupByType([typed('user'), typed('feedback')], claude);
    assert.deepEqual(shownGroups(groups, false).map((group) => group.type), ['user', 'feedback']);
    assert.deepEqual(shownGroups(groups, true).map((group) => group.type), ['user', 'feedback']);
  });

  it('shows the configured types of a folder with no memory yet, unless empty groups are hidden', () => {
    assert.deepEqual(shownGroups(groupByType([], claude), false).map((group) => group.type), ['user', 'feedback', 'project', 'reference']);
    assert.deepEqual(shownGroups(groupByType([], claude), true), []);
    // A folder of durable lessons with none pinned shows no empty Pinned group.
    const lesson = parseMemoryFile('lesson.md', '---\nname: lesson\ndescription: a lesson\n---\n');
    assert.deepEqual(shownGroups(lessonGroups([lesson]), false).map((group) => group.kind), ['lessons']);
  });
});
