import * as assert from 'node:assert/strict';
import { MemoryStore, ProblemEngine, relativeDate, type LineHistory, type Problem } from '../../../../src/core';
import { claudeTypes } from './ruleHelpers';

const COPIED_IN_NOVEMBER = Date.UTC(2026, 10, 20, 12);
const TEXT = '---\nname: release-freeze\ndescription: 릴리스 동결 일정\ntype: project\n---\n\n동결은 내일부터다.\n';

function dateFix(problems: readonly Problem[]): { text: string | undefined; safe: boolean | undefined } {
  const problem = problems.find((candidate) => candidate.code === 'relative-date');
  assert.ok(problem, 'the relative date is found');
  const edit = problem.fixes?.[0]?.edits[0];
  return { text: edit?.kind === 'edit' ? edit.edits[0].newText : undefined, safe: problem.fixes?.[0]?.safe };
}

describe('ProblemEngine.recheckText: a file checked again when its version history becomes known', () => {
  it('anchors the date at the commit day once history arrives, and says the problems changed', () => {
    const store = new MemoryStore();
    store.update('project_release-freeze.md', TEXT);
    // What git has answered so far: nothing, until the test hands the history over.
    const asked: { history?: LineHistory } = {};
    const engine = new ProblemEngine(store, {
      typeSet: claudeTypes, textRules: [relativeDate], modifiedTime: () => COPIED_IN_NOVEMBER, lineHistory: () => asked.history,
    });
    engine.checkAll();
    const guessed = dateFix(engine.problemsFor('project_release-freeze.md'));
    assert.equal(guessed.safe, false, 'anchored by the file time alone, the fix is a guess');

    const lines: (LineHistory[number])[] = [];
    lines[6] = { text: '동결은 내일부터다.', day: { year: 2026, month: 3, day: 25 } };
    asked.history = lines;
    assert.equal(engine.recheckText('project_release-freeze.md'), true);
    const anchored = dateFix(engine.problemsFor('project_release-freeze.md'));
    assert.match(anchored.text ?? '', /2026-03-26/);
    assert.equal(anchored.safe, true);
    assert.equal(engine.recheckText('project_release-freeze.md'), false, 'nothing new: nothing changed');
  });

  it('anchors the date at the commit day when history arrives after a stepped check ran the text rules, before it checked the file', () => {
    const store = new MemoryStore();
    store.update('project_release-freeze.md', TEXT);
    const asked: { history?: LineHistory } = {};
    const engine = new ProblemEngine(store, {
      typeSet: claudeTypes, textRules: [relativeDate], modifiedTime: () => COPIED_IN_NOVEMBER, lineHistory: () => asked.history,
    });
    const steps = engine.checkSteps();
    // Sizing, counting, searching, running the text rules: the next step checks the file.
    for (let step = 0; step < 4; step++) assert.equal(steps.next().value, undefined);
    const lines: (LineHistory[number])[] = [];
    lines[6] = { text: '동결은 내일부터다.', day: { year: 2026, month: 3, day: 25 } };
    asked.history = lines;
    assert.equal(engine.recheckText('project_release-freeze.md'), false, 'not checked yet: nothing to republish');
    assert.equal(steps.next().value, 'project_release-freeze.md');
    for (let step = steps.next(); !step.done; step = steps.next());
    const anchored = dateFix(engine.problemsFor('project_release-freeze.md'));
    assert.match(anchored.text ?? '', /2026-03-26/);
    assert.equal(anchored.safe, true);
  });

  it('does nothing for a file the engine does not hold', () => {
    const engine = new ProblemEngine(new MemoryStore(), { typeSet: claudeTypes, textRules: [relativeDate] });
    engine.checkAll();
    assert.equal(engine.recheckText('feedback_gone.md'), false);
    assert.deepEqual(engine.problemsFor('feedback_gone.md'), []);
  });
});
