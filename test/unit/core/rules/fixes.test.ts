import * as assert from 'node:assert/strict';
import { ProblemCode, relativeDate, type Problem, type ProblemFix } from '../../../../src/core';
import { applyFileEdits } from '../links/fileEdits';
import { checkedEngine, fixtureEngine, only } from './ruleHelpers';

const { files, engine } = fixtureEngine('problems');

function fixNamed(problem: Problem, title: string): ProblemFix {
  const fix = problem.fixes?.find((candidate) => candidate.title === title);
  if (!fix) throw new Error(`no fix "${title}" among ${problem.fixes?.map((f) => f.title).join(', ')}`);
  return fix;
}

/** The root after one fix, and the problems a fresh engine finds in it. */
function afterFix(fix: ProblemFix): { files: Map<string, string>; codes: (path: string) => string[] } {
  const fixed = applyFileEdits(files, fix.edits);
  const fresh = checkedEngine(fixed);
  return { files: fixed, codes: (path) => fresh.problemsFor(path).map((problem) => problem.code) };
}

describe('quick fixes', () => {
  it('inserts a missing name as a slug of the file stem, right after the opening fence', () => {
    const fix = fixNamed(only(engine, 'feedback_no_name.md', ProblemCode.NameMissing), 'Add name: feedback-no-name');
    assert.equal(fix.preferred, true);
    const result = afterFix(fix);
    assert.equal(result.files.get('feedback_no_name.md'), files.get('feedback_no_name.md')!.replace('---\n', '---\nname: feedback-no-name\n'));
    assert.deepEqual(result.codes('feedback_no_name.md'), []);
  });

  it('inserts a missing description from the body’s first line, after the name, in CRLF', () => {
    const result = afterFix(only(engine, 'feedback_no_description.md', ProblemCode.DescriptionMissing).fixes![0]);
    assert.equal(
      result.files.get('feedback_no_description.md'),
      '---\r\nname: feedback-no-description\r\ndescription: Deploys happen from the main branch only, after the checks pass.\r\ntype: feedback\r\n---\r\n'
        + 'Deploys happen from the main branch only, after the checks pass.\r\n\r\nWhy: a hotfix branch once broke production.\r\n',
    );
    assert.deepEqual(result.codes('feedback_no_description.md'), []);
  });

  it('inserts a missing type under metadata when the file keeps a metadata map', () => {
    const problem = only(engine, 'project_no_type.md', ProblemCode.TypeMissing);
    assert.deepEqual(problem.fixes?.filter((fix) => fix.preferred).map((fix) => fix.title), ['Add type: project']);
    const result = afterFix(fixNamed(problem, 'Add type: project'));
    assert.equal(result.files.get('project_no_type.md'), files.get('project_no_type.md')!.replace('metadata:\n', 'metadata:\n  type: project\n'));
    assert.deepEqual(result.codes('project_no_type.md'), []);
  });

  it('inserts a missing type at the top level, after the description, in a flat file', () => {
    const result = afterFix(fixNamed(only(engine, 'reference_flat_no_type.md', ProblemCode.TypeMissing), 'Add type: reference'));
    assert.equal(
      result.files.get('reference_flat_no_type.md'),
      '---\nname: reference-flat-no-type\ndescription: "Datasheets: the lab keeps them in the shared drive\'s datasheets folder."\ntype: reference\n---\nLook there before searching the web.\n',
    );
  });

  it('replaces an unknown type with a configured one, plain or keeping the file’s quotes', () => {
    const plain = afterFix(fixNamed(only(engine, 'feedback_unknown_type.md', ProblemCode.TypeUnknown), 'Change the type to feedback'));
    assert.equal(plain.files.get('feedback_unknown_type.md'), files.get('feedback_unknown_type.md')!.replace('type: Feedbacks', 'type: feedback'));
    const quoted = afterFix(fixNamed(only(engine, 'quoted_type.md', ProblemCode.TypeUnknown), 'Change the type to user'));
    assert.equal(quoted.files.get('quoted_type.md'), files.get('quoted_type.md')!.replace("type: 'opinion'", "type: 'user'"));
    assert.deepEqual(quoted.codes('quoted_type.md'), []);
  });

  it('takes out of a Korean title the character no [[link]] can spell, keeping the title and the BOM', () => {
    const result = afterFix(fixNamed(only(engine, 'user_profile_ko.md', ProblemCode.NameNotSlug), 'Change the name to 사용자 프로필 학부'));
    const text = result.files.get('user_profile_ko.md')!;
    assert.ok(text.startsWith('\uFEFF---\nname: 사용자 프로필 학부\n'));
    assert.equal(text, files.get('user_profile_ko.md')!.replace('사용자 프로필 | 학부', '사용자 프로필 학부'));
    assert.deepEqual(result.codes('user_profile_ko.md'), []);
  });

  it('renames the file to match its name, index entry included, or sets the name from the file', () => {
    const problem = only(engine, 'feedback_docx.md', ProblemCode.NameFileMismatch);
    const rename = fixNamed(problem, 'Rename the file to project_docx_delivery.md');
    assert.equal(rename.preferred, true);
    const renamed = afterFix(rename);
    assert.equal(renamed.files.has('feedback_docx.md'), false);
    assert.equal(renamed.files.get('project_docx_delivery.md'), files.get('feedback_docx.md'));
    assert.equal(renamed.files.get('MEMORY.md'), files.get('MEMORY.md')!.replace('](feedback_docx.md)', '](project_docx_delivery.md)'));
    assert.deepEqual(renamed.codes('project_docx_delivery.md'), []);
    assert.deepEqual(renamed.codes('MEMORY.md'), ['index-missing-file', 'index-duplicate-entry', 'index-malformed-line']);

    const rename2 = afterFix(fixNamed(problem, 'Change the name to feedback-docx'));
    assert.equal(rename2.files.get('feedback_docx.md'), files.get('feedback_docx.md')!.replace('name: project-docx-delivery', 'name: feedback-docx'));
    assert.deepEqual(rename2.codes('feedback_docx.md'), []);
  });

  it('the rename-file fix retargets every MEMORY.md link to the file, prose and table cells included', () => {
    const root = new Map([
      ['feedback_docx.md', '---\nname: project-docx-delivery\ndescription: 납품은 docx로 한다\ntype: project\n---\n본문.\n'],
      ['MEMORY.md', '# 메모리\n- [납품 형식](feedback_docx.md) — docx로 납품\n자세한 내용: [feedback_docx.md](./feedback_docx.md)\n| 주제 | 파일 |\n|---|---|\n| 납품 | [docx](feedback_docx.md) |\n'],
    ]);
    const fix = fixNamed(only(checkedEngine(root), 'feedback_docx.md', ProblemCode.NameFileMismatch), 'Rename the file to project_docx_delivery.md');
    const fixed = applyFileEdits(root, fix.edits);
    assert.equal(fixed.get('MEMORY.md'), root.get('MEMORY.md')!.replaceAll('feedback_docx.md)', 'project_docx_delivery.md)'));
    assert.deepEqual(checkedEngine(fixed).problemsFor('MEMORY.md').map((problem) => problem.code), []);
  });

  it('offers only to set the name when the file to rename to exists, in any case', () => {
    const titles = (root: [string, string][], path: string): string[] => only(checkedEngine(new Map(root)), path, ProblemCode.NameFileMismatch).fixes!.map((fix) => fix.title);
    const memory = (name: string): string => `---\nname: ${name}\ndescription: d\ntype: user\n---\n`;
    assert.deepEqual(titles([['a.md', memory('b')], ['b.md', memory('other')]], 'a.md'), ['Change the name to a']);
    assert.deepEqual(titles([['a.md', memory('b')], ['B.md', memory('other')]], 'a.md'), ['Change the name to a']);
    assert.deepEqual(titles([['team/x_y.md', memory('user-z')], ['team/User_Z.md', memory('other')]], 'team/x_y.md'), ['Change the name to x-y']);
    // MEMORY.md is memory.md on the file systems of macOS and Windows.
    assert.deepEqual(titles([['MEMORY.md', '- [A](a.md)\n'], ['a.md', memory('memory')]], 'a.md'), ['Change the name to a']);
    // The same name in another folder, or with the other separator, is another file.
    assert.deepEqual(titles([['a.md', memory('b')], ['team/b.md', memory('other')]], 'a.md'), ['Rename the file to b.md', 'Change the name to a']);
    assert.deepEqual(titles([['x_y.md', memory('user-z')], ['user-z.md', memory('other')]], 'x_y.md'), ['Rename the file to user_z.md', 'Change the name to x-y']);
  });

  it('adds an unlisted memory to MEMORY.md after the last entry, safe for --fix', () => {
    const fix = only(engine, 'unlisted_note.md', ProblemCode.IndexUnlisted).fixes![0];
    assert.equal(fix.safe, true);
    const result = afterFix(fix);
    assert.equal(
      result.files.get('MEMORY.md'),
      files.get('MEMORY.md') + '- [Unlisted note](unlisted_note.md) — The legacy folder was retired on 2026-03-01; do not write there.\n',
    );
    assert.deepEqual(result.codes('unlisted_note.md'), []);
  });

  it('removes an entry to a missing file, or creates the file in the root’s majority shape', () => {
    const problem = only(engine, 'MEMORY.md', ProblemCode.IndexMissingFile);
    const removed = afterFix(fixNamed(problem, 'Remove this entry'));
    assert.equal(removed.files.get('MEMORY.md'), files.get('MEMORY.md')!.replace('- [Gone](feedback_deleted.md) — points at a file that no longer exists\n', ''));
    assert.deepEqual(removed.codes('MEMORY.md'), ['index-duplicate-entry', 'index-malformed-line']);

    const created = afterFix(fixNamed(problem, 'Create feedback_deleted.md'));
    const stub = created.files.get('feedback_deleted.md')!;
    assert.ok(stub.startsWith('---\nname: feedback-deleted\ndescription: points at a file that no longer exists\nmetadata:\n  type: feedback\n---\n'), stub);
    assert.deepEqual(created.codes('feedback_deleted.md'), []);
    assert.deepEqual(created.codes('MEMORY.md'), ['index-duplicate-entry', 'index-malformed-line']);
  });

  it('removes the second entry for one file', () => {
    const result = afterFix(only(engine, 'MEMORY.md', ProblemCode.IndexDuplicateEntry).fixes![0]);
    assert.equal(result.files.get('MEMORY.md'), files.get('MEMORY.md')!.replace('- [Math again](feedback_math_notation.md) — listed a second time\n', ''));
  });

  it('marks only the index-unlisted fix safe', () => {
    const safe = [...engine.allProblems()].filter((problem) => problem.fixes?.some((fix) => fix.safe)).map((problem) => problem.code);
    assert.deepEqual([...new Set(safe)], [ProblemCode.IndexUnlisted]);
  });
});

describe('fixes on other file shapes', () => {
  it('fills an empty value after the colon, with or without a space, in the quotes it had', () => {
    for (const [line, expected] of [['name:', 'name: my-note'], ['name: ', 'name: my-note'], ['name: ""', 'name: "my-note"'], ["name: ''", "name: 'my-note'"]]) {
      const files = new Map([['my_note.md', `---\n${line}\ndescription: d\ntype: user\n---\n`]]);
      const engine = checkedEngine(files);
      const fix = only(engine, 'my_note.md', ProblemCode.NameMissing).fixes![0];
      assert.equal(applyFileEdits(files, fix.edits).get('my_note.md'), `---\n${expected}\ndescription: d\ntype: user\n---\n`, line);
    }
  });

  it('keeps a file without a trailing line break without one when adding an index entry', () => {
    const files = new Map([
      ['MEMORY.md', '# Index\r\n\r\n- [A](a.md) – first'],
      ['a.md', '---\nname: a\ndescription: first\ntype: user\n---\n'],
      ['b_note.md', '---\nname: b-note\ndescription: "Second: with a colon"\ntype: user\n---\n'],
    ]);
    const fix = only(checkedEngine(files), 'b_note.md', ProblemCode.IndexUnlisted).fixes![0];
    assert.equal(applyFileEdits(files, fix.edits).get('MEMORY.md'), '# Index\r\n\r\n- [A](a.md) – first\r\n- [B note](b_note.md) – Second: with a colon');
  });

  it('writes the hook of a new index entry with absolute dates, counted as the memory’s own fix counts them', () => {
    const files = new Map([
      ['MEMORY.md', '# Index\n- [A](a.md) — a\n'],
      ['a.md', '---\nname: a\ndescription: a\ntype: user\n---\n'],
      ['feedback_ko.md', '---\nname: feedback-ko\ndescription: 다음 주부터 .docx로 낸다 (`next week` stays code)\ntype: feedback\nmodified: 2026-05-04\n---\n'],
      ['b.md', '---\nname: b\ndescription: Checked tomorrow\ntype: user\n---\n'],
    ]);
    const engine = checkedEngine(files, { modifiedTime: () => Date.UTC(2026, 6, 30, 12), textRules: [relativeDate] });
    const hook = (path: string): string => applyFileEdits(files, only(engine, path, ProblemCode.IndexUnlisted).fixes![0].edits).get('MEMORY.md')!.split('\n')[2];
    assert.equal(hook('feedback_ko.md'), '- [Feedback ko](feedback_ko.md) — 2026-05-11 주간부터 .docx로 낸다 (`next week` stays code)');
    // Without a stated date the file time is only a guess, which the memory's own fix does not apply either: the words stay.
    assert.equal(hook('b.md'), '- [B](b.md) — Checked tomorrow');
    const undated = checkedEngine(files, { textRules: [relativeDate] });
    assert.equal(applyFileEdits(files, only(undated, 'b.md', ProblemCode.IndexUnlisted).fixes![0].edits).get('MEMORY.md')!.split('\n')[2], '- [B](b.md) — Checked tomorrow');
  });

  it('does not mark the index fix safe when the memory’s frontmatter does not parse', () => {
    const files = new Map([['MEMORY.md', '# Index\n'], ['bad.md', '---\nname: [x\n---\n']]);
    const fix = only(checkedEngine(files), 'bad.md', ProblemCode.IndexUnlisted).fixes![0];
    assert.equal(fix.safe, undefined);
    assert.equal(applyFileEdits(files, fix.edits).get('MEMORY.md'), '# Index\n- [Bad](bad.md)\n');
  });

  it('calls a list where the type should be unknown, and replaces it', () => {
    const files = new Map([['feedback_x.md', '---\nname: feedback-x\ndescription: d\ntype: [feedback, user]\n---\n']]);
    const problem = only(checkedEngine(files), 'feedback_x.md', ProblemCode.TypeUnknown);
    assert.match(problem.message, /^The type is a list, not one word/);
    const fix = fixNamed(problem, 'Change the type to feedback');
    assert.equal(fix.preferred, true);
    assert.equal(applyFileEdits(files, fix.edits).get('feedback_x.md'), '---\nname: feedback-x\ndescription: d\ntype: feedback\n---\n');
  });

  it('reports type-missing at an empty metadata.type key and fills it in place', () => {
    const files = new Map([['user_x.md', '---\nname: user-x\ndescription: d\nmetadata:\n  type:\n  modified: 2026-07-30\n---\n']]);
    const problem = only(checkedEngine(files), 'user_x.md', ProblemCode.TypeMissing);
    assert.deepEqual(problem.range, { start: { line: 4, character: 2 }, end: { line: 4, character: 6 } });
    assert.equal(applyFileEdits(files, fixNamed(problem, 'Add type: user').edits).get('user_x.md'), '---\nname: user-x\ndescription: d\nmetadata:\n  type: user\n  modified: 2026-07-30\n---\n');
  });

  it('adds type at the top level when metadata is a flow map, and under metadata only in a block map', () => {
    const cases: [string, string][] = [
      ['metadata: {originSessionId: abc}\n', 'type: user\nmetadata: {originSessionId: abc}\n'],
      ['metadata:\n  {originSessionId: abc}\n', 'type: user\nmetadata:\n  {originSessionId: abc}\n'],
      ['metadata: {}\n', 'type: user\nmetadata: {}\n'],
      ['metadata:\n  originSessionId: abc\n', 'metadata:\n  type: user\n  originSessionId: abc\n'],
      ['metadata: !!map\n    originSessionId: abc\n', 'metadata: !!map\n    type: user\n    originSessionId: abc\n'],
    ];
    for (const [metadata, expected] of cases) {
      const files = new Map([['user_x.md', `---\nname: user-x\ndescription: d\n${metadata}---\n`]]);
      const fix = fixNamed(only(checkedEngine(files), 'user_x.md', ProblemCode.TypeMissing), 'Add type: user');
      const after = applyFileEdits(files, fix.edits);
      assert.equal(after.get('user_x.md'), `---\nname: user-x\ndescription: d\n${expected}---\n`, metadata);
      const fixed = checkedEngine(after);
      assert.deepEqual(fixed.problemsFor('user_x.md').map((p) => p.code).filter((code) => code !== 'index-unlisted'), [], metadata);
    }
  });

  it('quotes a description that YAML would otherwise misread', () => {
    const files = new Map([['note.md', '---\nname: note\ntype: user\n---\nkey: value # not a comment\n']]);
    const fix = only(checkedEngine(files), 'note.md', ProblemCode.DescriptionMissing).fixes![0];
    assert.equal(applyFileEdits(files, fix.edits).get('note.md'), '---\nname: note\ndescription: "key: value # not a comment"\ntype: user\n---\nkey: value # not a comment\n');
  });
});
