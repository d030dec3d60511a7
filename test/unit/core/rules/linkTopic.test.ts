import * as assert from 'node:assert/strict';
import { ProblemCode } from '../../../../src/core';
import { applyFileEdits } from '../links/fileEdits';
import { checkedEngine, withoutVague } from './ruleHelpers';

const memory = (name: string, body = 'Body.'): string => `---\nname: ${name}\ndescription: about ${name}\ntype: feedback\n---\n${body}\n`;

describe('link-dangling to a memory\'s topic', () => {
  it('names the memory a [[topic]] link probably means and relinks to it', () => {
    const files = new Map([
      ['feedback_review.md', memory('review', 'Check [[no-fabrication]] first.')],
      ['feedback_no-fabrication.md', memory('dont-make-things-up')],
    ]);
    const engine = checkedEngine(files);
    const [problem] = engine.problemsFor('feedback_review.md').filter((p) => p.code === ProblemCode.LinkDangling);
    assert.equal(problem.message, 'No memory is named "no-fabrication", but feedback_no-fabrication.md is probably the one meant: link to "dont-make-things-up".');
    assert.deepEqual(problem.related?.map((related) => related.path), ['feedback_no-fabrication.md']);
    const after = applyFileEdits(files, problem.fixes![0].edits);
    assert.equal(after.get('feedback_review.md'), memory('review', 'Check [[dont-make-things-up]] first.'));
    assert.deepEqual(checkedEngine(after).problemsFor('feedback_review.md').filter((p) => p.code.startsWith('link-')), []);
  });

  it('keeps a link no memory answers to a reservation, and one that two answer to too', () => {
    const files = new Map([
      ['a.md', memory('a', 'See [[report-writing]] and [[style]].')],
      ['feedback_style.md', memory('x-one')],
      ['user_style.md', memory('x-two')],
    ]);
    const messages = withoutVague(checkedEngine(files).problemsFor('a.md')).map((p) => p.message);
    assert.ok(messages.every((message) => message.startsWith('Reservation:')), messages.join('\n'));
  });

  it('finds the memory when it arrives after the link', () => {
    const engine = checkedEngine(new Map([['a.md', memory('a', 'See [[no-fabrication]].')]]));
    assert.match(withoutVague(engine.problemsFor('a.md'))[0].message, /^Reservation/);
    engine.applyChange(engine.store.update('feedback_no-fabrication.md', memory('dont-make-things-up')));
    assert.match(engine.problemsFor('a.md').find((p) => p.code === ProblemCode.LinkDangling)!.message, /probably the one meant/);
  });
});
