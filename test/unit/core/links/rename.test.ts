import * as assert from 'node:assert/strict';
import { fileFollowsName, MemoryStore, linksTo, linksToReservation, parseMemoryIndex, planIndexMove, planRename, planReservationRename, renamedPath, rootConventions } from '../../../../src/core';
import { readFixtureRoot } from '../../helpers/fixtures';
import { applyFileEdits, storeOf } from './fileEdits';

const root = (): Map<string, string> => new Map([
  ['MEMORY.md', '# Memory index\n\n- [reference-lab-drive](reference_lab_drive.md) — where raw data lives\n- [Docx](project_docx.md#top) — ship docx\n\nSee also [[reference-lab-drive]].\n'],
  ['reference_lab_drive.md', '---\nname: reference-lab-drive\ndescription: d\nmetadata:\n  type: reference\n---\nSelf: [[reference-lab-drive]].\n'],
  ['project_docx.md', '---\nname: project-docx\ndescription: d\ntype: project\n---\nTemplate in [[reference-lab-drive|the drive]] and [[Reference_Lab_Drive#Where]].\n'],
  ['team/user_x.md', '---\nname: user-x\ndescription: d\ntype: user\n---\nUses [[ reference-lab-drive ]] daily; not `[[reference-lab-drive]]` in code.\n'],
]);

describe('rename', () => {
  it('renames the name, every link (alias and heading kept), the index title and link, and the file', () => {
    const files = root();
    const store = storeOf(files);
    const memory = store.get('reference_lab_drive.md')!;
    const plan = planRename(store, memory, 'reference-lab-share', { renameFile: true });
    assert.ok(plan.ok);
    assert.equal(plan.newPath, 'reference_lab_share.md');
    assert.deepEqual(plan.edits.map((edit) => `${edit.kind} ${edit.path}`), [
      'edit reference_lab_drive.md',
      'edit project_docx.md',
      'edit team/user_x.md',
      'edit MEMORY.md',
      'rename reference_lab_drive.md',
    ]);
    const after = applyFileEdits(files, plan.edits);
    assert.equal(after.has('reference_lab_drive.md'), false);
    assert.equal(after.get('reference_lab_share.md'), '---\nname: reference-lab-share\ndescription: d\nmetadata:\n  type: reference\n---\nSelf: [[reference-lab-share]].\n');
    assert.equal(after.get('project_docx.md'), '---\nname: project-docx\ndescription: d\ntype: project\n---\nTemplate in [[reference-lab-share|the drive]] and [[reference-lab-share#Where]].\n');
    assert.equal(after.get('team/user_x.md'), '---\nname: user-x\ndescription: d\ntype: user\n---\nUses [[ reference-lab-share ]] daily; not `[[reference-lab-drive]]` in code.\n');
    assert.equal(after.get('MEMORY.md'), '# Memory index\n\n- [reference-lab-share](reference_lab_share.md) — where raw data lives\n- [Docx](project_docx.md#top) — ship docx\n\nSee also [[reference-lab-share]].\n');
    const renamed = storeOf(after);
    assert.equal(linksTo(renamed, renamed.get('reference_lab_share.md')!).length, 5);
    assert.deepEqual(renamed.reservations(), []);
  });

  it('renames a file named in MEMORY.md outside a link, keeping the folder it was written with', () => {
    const files = root();
    files.set('MEMORY.md', '| File | What |\n|---|---|\n| `reference_lab_drive.md` | raw data |\n| memory/reference_lab_drive.md | again |\n');
    const plan = planRename(storeOf(files), storeOf(files).get('reference_lab_drive.md')!, 'reference-lab-share', { renameFile: true });
    assert.ok(plan.ok);
    assert.equal(applyFileEdits(files, plan.edits).get('MEMORY.md'), '| File | What |\n|---|---|\n| `reference_lab_share.md` | raw data |\n| memory/reference_lab_share.md | again |\n');
  });

  it('keeps the file name and a human index title when asked to', () => {
    const files = root();
    files.set('MEMORY.md', '- [Lab drive](reference_lab_drive.md) — where\n');
    const store = storeOf(files);
    const plan = planRename(store, store.get('reference_lab_drive.md')!, 'lab-share', { renameFile: false });
    assert.ok(plan.ok);
    assert.equal(plan.newPath, undefined);
    const after = applyFileEdits(files, plan.edits);
    assert.equal(after.get('MEMORY.md'), '- [Lab drive](reference_lab_drive.md) — where\n');
    assert.match(after.get('reference_lab_drive.md')!, /^---\nname: lab-share\n/);
  });

  it('leaves links that are ambiguous between two memories alone', () => {
    const files = root();
    files.set('team/reference_lab_drive.md', '---\nname: reference-lab-drive\ndescription: copy\ntype: reference\n---\n');
    const store = storeOf(files);
    const plan = planRename(store, store.get('team/reference_lab_drive.md')!, 'reference-team-drive', { renameFile: true });
    assert.ok(plan.ok);
    assert.deepEqual(plan.edits.map((edit) => `${edit.kind} ${edit.path}`), ['edit team/reference_lab_drive.md', 'rename team/reference_lab_drive.md']);
    assert.equal(plan.newPath, 'team/reference_team_drive.md');
  });

  it('adds a name to a memory known only by its file name, with the file’s line breaks', () => {
    const files = new Map([
      ['user_tabs.md', '---\r\ndescription: d\r\ntype: user\r\n---\r\n'],
      ['plain.md', 'no frontmatter, links [[user_tabs]]\n'],
    ]);
    const store = storeOf(files);
    let plan = planRename(store, store.get('user_tabs.md')!, 'user-spaces', { renameFile: false });
    assert.ok(plan.ok);
    let after = applyFileEdits(files, plan.edits);
    assert.equal(after.get('user_tabs.md'), '---\r\nname: user-spaces\r\ndescription: d\r\ntype: user\r\n---\r\n');
    assert.equal(after.get('plain.md'), 'no frontmatter, links [[user-spaces]]\n');
    plan = planRename(store, store.get('plain.md')!, 'plain-note', { renameFile: false });
    assert.ok(plan.ok);
    after = applyFileEdits(files, plan.edits);
    assert.equal(after.get('plain.md'), '---\nname: plain-note\n---\nno frontmatter, links [[user_tabs]]\n');
  });

  it('fills an empty name: value with its separating space, and keeps the quotes a value had', () => {
    for (const [line, expected] of [['name:', 'name: new-note'], ['name: ', 'name: new-note'], ["name: 'old'", "name: 'new-note'"], ['name: "old"', 'name: "new-note"']]) {
      const files = new Map([['note.md', `---\n${line}\ndescription: d\ntype: user\n---\n`]]);
      const store = storeOf(files);
      const plan = planRename(store, store.get('note.md')!, 'new-note', { renameFile: false });
      assert.ok(plan.ok, line);
      const after = applyFileEdits(files, plan.edits).get('note.md')!;
      assert.equal(after, `---\n${expected}\ndescription: d\ntype: user\n---\n`, line);
      assert.equal(storeOf(new Map([['note.md', after]])).get('note.md')!.name, 'new-note', line);
    }
  });

  it('keeps a BOM and edits after it', () => {
    const files = readFixtureRoot('mixed');
    const store = storeOf(files);
    const plan = planRename(store, store.get('feedback_math_notation.md')!, 'feedback-unicode-math', { renameFile: true });
    assert.ok(plan.ok);
    const after = applyFileEdits(files, plan.edits);
    assert.ok(after.get('feedback_no_data_fabrication.md')!.startsWith('\uFEFF---\n'));
    assert.match(after.get('feedback_no_data_fabrication.md')!, /\[\[feedback-unicode-math\]\] 참조/);
    assert.match(after.get('feedback_unicode_math.md')!, /^---\r\nname: feedback-unicode-math\r\n/);
    assert.match(after.get('MEMORY.md')!, /- \[Math notation\]\(feedback_unicode_math\.md\) — /);
  });

  it('refuses unsafe names, taken names and files, and no-op renames', () => {
    const files = root();
    files.set('project_share.md', '---\nname: project-share\ndescription: d\ntype: project\n---\n');
    files.set('reference_lab_share.md', '---\nname: other-name\n---\n');
    const store = storeOf(files);
    const memory = store.get('reference_lab_drive.md')!;
    for (const name of ['MEMORY', 'memory', 'README', 'Index', 'CLAUDE']) {
      for (const renameFile of [true, false]) {
        const onto = planRename(store, memory, name, { renameFile });
        assert.ok(!onto.ok && onto.reason === 'unsafe-name' && onto.check.reason === 'reserved-file', name);
      }
    }
    const unsafe = planRename(store, memory, '../escape', { renameFile: true });
    assert.ok(!unsafe.ok && unsafe.reason === 'unsafe-name' && unsafe.check.reason === 'traversal');
    const taken = planRename(store, memory, 'project-docx', { renameFile: true });
    assert.ok(!taken.ok && taken.reason === 'name-taken' && taken.path === 'project_docx.md');
    const folded = planRename(store, memory, 'Project_Share', { renameFile: false });
    assert.ok(!folded.ok && folded.reason === 'name-taken');
    // A file whose stem folds to the new name would make every link to it ambiguous.
    const stemTaken = planRename(store, memory, 'reference-lab-share', { renameFile: false });
    assert.ok(!stemTaken.ok && stemTaken.reason === 'name-taken' && stemTaken.path === 'reference_lab_share.md');
    assert.deepEqual(planRename(store, memory, 'reference-lab-drive', { renameFile: true }), { ok: false, reason: 'unchanged' });
    const broken = storeOf(readFixtureRoot('mixed'));
    assert.deepEqual(planRename(broken, broken.get('broken_yaml.md')!, 'fixed', { renameFile: true }), { ok: false, reason: 'frontmatter-invalid' });
  });

  it('proposes a file name in the file’s own style and says whether the file follows the name', () => {
    const store = storeOf(root());
    const conventions = rootConventions(store);
    assert.equal(renamedPath(store.get('team/user_x.md')!, 'user-y', conventions), 'team/user_y.md');
    assert.equal(renamedPath(store.get('team/user_x.md')!, 'user_x', conventions), undefined);
    assert.equal(fileFollowsName(store.get('team/user_x.md')!), true);
    store.update('odd.md', '---\nname: something-else\n---\n');
    assert.equal(fileFollowsName(store.get('odd.md')!), false);
    assert.equal(renamedPath(store.get('odd.md')!, 'user-z', conventions), 'user_z.md');
  });
});

describe('index upkeep when files move', () => {
  const index = parseMemoryIndex('# Memory index\n- [A](a.md) — x\n- [B](<team/b c.md>) — y\n- [C](team/c.md#part) — z\n- [D](other.md)\n');

  it('points entries at a renamed file, keeping fragments and wrapping spaces', () => {
    const edit = planIndexMove(index, [{ from: 'a.md', to: 'archive/a (old).md' }]);
    assert.ok(edit);
    const text = applyFileEdits(new Map([['MEMORY.md', index.text]]), [edit]).get('MEMORY.md')!;
    assert.equal(text.split('\n')[1], '- [A](<archive/a (old).md>) — x');
    assert.equal(parseMemoryIndex(text).entries[0].target, 'archive/a (old).md');
  });

  it('points entries at a file whose new name holds #, %, ? or spaces', () => {
    for (const to of ['c#_tips.md', 'a%20b.md', 'why?.md', '메모 #1 (old).md', 'archive/100%/x#y.md']) {
      const edit = planIndexMove(index, [{ from: 'a.md', to }]);
      assert.ok(edit);
      const text = applyFileEdits(new Map([['MEMORY.md', index.text]]), [edit]).get('MEMORY.md')!;
      assert.equal(parseMemoryIndex(text).entries[0].target, to, to);
    }
  });

  it('points every entry under a moved folder at its new place', () => {
    const edit = planIndexMove(index, [{ from: 'team', to: 'shared/team' }]);
    assert.ok(edit);
    const text = applyFileEdits(new Map([['MEMORY.md', index.text]]), [edit]).get('MEMORY.md')!;
    assert.deepEqual(parseMemoryIndex(text).entries.map((entry) => entry.target), ['a.md', 'shared/team/b c.md', 'shared/team/c.md', 'other.md']);
    assert.match(text, /\(shared\/team\/c\.md#part\)/);
  });

  it('points links in prose, a table, a nested bullet and a reference definition at the moved file too (ko/ja/en)', () => {
    const text = [
      '# 메모리 색인',
      '- [인프라](infra.md) — 배포 서버와 포트',
      '  - 자세한 내용: [infra.md](./infra.md) 참고',
      '詳細は [インフラ](infra.md#ports) を参照。',
      '| Topic | File |',
      '|---|---|',
      '| Infra | [infra](infra.md) |',
      '[infra]: ./infra.md',
      '- [Other](other.md)',
      '',
    ].join('\n');
    const edit = planIndexMove(parseMemoryIndex(text), [{ from: 'infra.md', to: 'project_infra.md' }]);
    assert.ok(edit);
    const moved = applyFileEdits(new Map([['MEMORY.md', text]]), [edit]).get('MEMORY.md')!;
    assert.equal(moved, text.replace('[인프라](infra.md)', '[인프라](project_infra.md)').replace('(./infra.md)', '(./project_infra.md)')
      .replace('(infra.md#ports)', '(project_infra.md#ports)').replace('[infra](infra.md)', '[infra](project_infra.md)').replace('[infra]: ./infra.md', '[infra]: ./project_infra.md'));
  });

  it('renaming a memory with its file retargets its prose links in MEMORY.md as well as its entry', () => {
    const store = new MemoryStore();
    store.update('infra.md', '---\nname: infra\ndescription: Deploy hosts and ports\ntype: project\n---\nHosts.\n');
    store.update('MEMORY.md', '# Memory\n- [infra](infra.md) — deploy hosts\nDetails: [infra.md](./infra.md)\n');
    const plan = planRename(store, store.get('infra.md')!, 'deploy-hosts', { renameFile: true });
    assert.ok(plan.ok);
    const index = applyFileEdits(new Map([['MEMORY.md', store.index!.text]]), plan.edits.filter((edit) => edit.path === 'MEMORY.md')).get('MEMORY.md')!;
    assert.equal(index, '# Memory\n- [deploy-hosts](deploy_hosts.md) — deploy hosts\nDetails: [infra.md](./deploy_hosts.md)\n');
  });

  it('changes nothing when no entry points at the moved path', () => {
    assert.equal(planIndexMove(index, [{ from: 'teams', to: 'x' }]), undefined);
    assert.equal(planIndexMove(undefined, [{ from: 'a.md', to: 'b.md' }]), undefined);
  });
});

describe('links to a reservation', () => {
  it('lists every dangling link that reserves a name, in memories and in the index', () => {
    const files = root();
    files.set('MEMORY.md', '- [A](a.md) — waits for [[feedback-tone]]\n');
    files.set('a.md', '---\nname: a\n---\n[[feedback-tone]] and [[Feedback_Tone|tone]] and [[project-docx]]\n');
    const store = storeOf(files);
    assert.deepEqual(linksToReservation(store, 'feedback-tone').map((o) => `${o.path}:${o.link.target}`), ['a.md:feedback-tone', 'a.md:Feedback_Tone', 'MEMORY.md:feedback-tone']);
    assert.deepEqual(linksToReservation(store, 'project-docx'), []);
  });

  it('renames a reservation in every link that makes it, and refuses unsafe names', () => {
    const files = root();
    files.set('a.md', '---\nname: a\n---\n[[feedback-tone]] and [[Feedback_Tone|tone]]\n');
    files.set('MEMORY.md', '- [A](a.md) — waits for [[feedback-tone#Rules]]\n');
    const store = storeOf(files);
    const plan = planReservationRename(store, 'feedback-tone', 'feedback-voice');
    assert.ok(plan.ok);
    const after = applyFileEdits(files, plan.edits);
    assert.equal(after.get('a.md'), '---\nname: a\n---\n[[feedback-voice]] and [[feedback-voice|tone]]\n');
    assert.equal(after.get('MEMORY.md'), '- [A](a.md) — waits for [[feedback-voice#Rules]]\n');
    const unsafe = planReservationRename(store, 'feedback-tone', 'a/b');
    assert.ok(!unsafe.ok && unsafe.reason === 'unsafe-name');
  });
});
