import * as assert from 'node:assert/strict';
import { DEFAULT_SEVERITIES, ProblemCode } from '../../../../src/core';
import { fixtureEngine, only, positions } from './ruleHelpers';

describe('rules on the problems fixture root', () => {
  const { engine } = fixtureEngine('problems');

  it('reports every code at its exact range', () => {
    assert.deepEqual(positions(engine), [
      ['MEMORY.md', 'index-duplicate-entry', 14, 0, 14, 64],
      ['MEMORY.md', 'index-malformed-line', 15, 0, 15, 41],
      ['MEMORY.md', 'index-missing-file', 13, 9, 13, 28],
      ['broken_yaml.md', 'frontmatter-invalid', 3, 0, 3, 1],
      ['feedback_docx.md', 'name-file-mismatch', 1, 6, 1, 27],
      ['feedback_latex_unicode.md', 'near-duplicate', 2, 13, 2, 91],
      ['feedback_math_notation.md', 'link-ambiguous', 7, 64, 7, 80],
      ['feedback_math_notation.md', 'link-dangling', 7, 32, 7, 59],
      ['feedback_math_notation.md', 'near-duplicate', 2, 13, 2, 101],
      ['feedback_no_description.md', 'description-missing', 0, 0, 0, 3],
      ['feedback_no_fabrication.md', 'near-duplicate', 2, 13, 2, 61],
      ['feedback_no_fabrication_again.md', 'near-duplicate', 2, 13, 2, 66],
      ['feedback_no_name.md', 'name-missing', 0, 0, 0, 3],
      ['feedback_unknown_type.md', 'type-unknown', 3, 6, 3, 15],
      ['no_frontmatter.md', 'frontmatter-missing', 0, 0, 0, 61],
      ['no_frontmatter.md', 'link-ambiguous', 0, 44, 0, 60],
      ['project_no_type.md', 'type-missing', 0, 0, 0, 3],
      ['quoted_type.md', 'type-unknown', 4, 8, 4, 17],
      ['reference_flat_no_type.md', 'type-missing', 0, 0, 0, 3],
      ['reference_lab_drive.md', 'near-duplicate', 2, 13, 2, 48],
      ['reference_lab_drive_copy.md', 'near-duplicate', 2, 13, 2, 52],
      ['team/user_profile.md', 'duplicate-name', 1, 6, 1, 18],
      ['unlisted_note.md', 'index-unlisted', 1, 6, 1, 19],
      ['user_profile.md', 'duplicate-name', 1, 6, 1, 18],
      ['user_profile_ko.md', 'name-not-slug', 1, 6, 1, 18],
    ]);
  });

  it('reports at each code’s default severity', () => {
    for (const problem of engine.allProblems()) assert.equal(problem.severity, DEFAULT_SEVERITIES[problem.code], problem.code);
    assert.equal(only(engine, 'broken_yaml.md', ProblemCode.FrontmatterInvalid).severity, 'error');
    assert.equal(only(engine, 'feedback_math_notation.md', ProblemCode.LinkDangling).severity, 'hint');
    assert.equal(only(engine, 'MEMORY.md', ProblemCode.IndexMalformedLine).severity, 'information');
  });

  it('says what is wrong with the YAML, where it is', () => {
    const problem = only(engine, 'broken_yaml.md', ProblemCode.FrontmatterInvalid);
    assert.match(problem.message, /^Invalid frontmatter: Flow sequence .* end with a \]/);
  });

  it('names the twin of a duplicate name on each side, with its location', () => {
    const team = only(engine, 'team/user_profile.md', ProblemCode.DuplicateName);
    assert.equal(team.message, 'Another memory has the name "user-profile": user_profile.md.');
    assert.deepEqual(team.related, [{ path: 'user_profile.md', range: { start: { line: 1, character: 6 }, end: { line: 1, character: 18 } }, message: 'Also named "user-profile"', messageText: { template: 'Also named "{0}"', args: ['user-profile'] } }]);
    assert.deepEqual(only(engine, 'user_profile.md', ProblemCode.DuplicateName).related?.map((r) => r.path), ['team/user_profile.md']);
  });

  it('calls a dangling link a reservation and lists the candidates of an ambiguous one', () => {
    assert.match(only(engine, 'feedback_math_notation.md', ProblemCode.LinkDangling).message, /^Reservation: no memory is named "feedback-report-writing" yet\. A TODO/);
    const ambiguous = only(engine, 'feedback_math_notation.md', ProblemCode.LinkAmbiguous);
    assert.equal(ambiguous.message, '[[user-profile]] matches 2 memories: team/user_profile.md, user_profile.md.');
    assert.deepEqual(ambiguous.related?.map((r) => r.path), ['team/user_profile.md', 'user_profile.md']);
  });

  it('pairs the near-duplicates in English, Korean and Japanese, naming the other memory', () => {
    const pairs = [...engine.allProblems()].filter((p) => p.code === ProblemCode.NearDuplicate).map((p) => [p.path, p.related![0].path]);
    assert.deepEqual(pairs.sort(), [
      ['feedback_latex_unicode.md', 'feedback_math_notation.md'],
      ['feedback_math_notation.md', 'feedback_latex_unicode.md'],
      ['feedback_no_fabrication.md', 'feedback_no_fabrication_again.md'],
      ['feedback_no_fabrication_again.md', 'feedback_no_fabrication.md'],
      ['reference_lab_drive.md', 'reference_lab_drive_copy.md'],
      ['reference_lab_drive_copy.md', 'reference_lab_drive.md'],
    ]);
    const korean = only(engine, 'feedback_no_fabrication.md', ProblemCode.NearDuplicate);
    assert.match(korean.message, /^Nearly the same as "feedback-no-fabrication-again" \(feedback_no_fabrication_again\.md, \d+% alike; both descriptions name 실측, 데이터, 표의, 셀은, 빈칸, 이론값\): update one memory rather than keep both\.$/);
    assert.deepEqual(korean.related?.[0].range, { start: { line: 2, character: 13 }, end: { line: 2, character: 66 } });
  });

  it('explains the index problems', () => {
    assert.equal(only(engine, 'MEMORY.md', ProblemCode.IndexMissingFile).message, 'feedback_deleted.md does not exist: this entry points at no memory.');
    const duplicate = only(engine, 'MEMORY.md', ProblemCode.IndexDuplicateEntry);
    assert.equal(duplicate.message, 'feedback_math_notation.md is already listed on line 3.');
    assert.deepEqual(duplicate.related?.[0].range, { start: { line: 2, character: 0 }, end: { line: 2, character: 73 } });
  });

  it('points at the unknown type and offers every configured type, the likely one first choice', () => {
    const problem = only(engine, 'feedback_unknown_type.md', ProblemCode.TypeUnknown);
    assert.equal(problem.message, 'Unknown type "Feedbacks": expected one of: user, feedback, project, reference.');
    assert.deepEqual(problem.fixes?.map((fix) => [fix.title, fix.preferred ?? false]), [
      ['Change the type to user', false],
      ['Change the type to feedback', true],
      ['Change the type to project', false],
      ['Change the type to reference', false],
    ]);
  });

  it('has no problem on a well-formed, listed, unique memory', () => {
    assert.deepEqual(engine.problemsFor('feedback_no_fabrication.md').map((p) => p.code), [ProblemCode.NearDuplicate]);
    assert.deepEqual(engine.problemsFor('nothing_here.md'), []);
  });
});
