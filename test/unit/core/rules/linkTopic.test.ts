import * as assert from 'node:assert/strict';
import { MemoryStore, ProblemCode, ProblemEngine } from '../../../../src/core';
import { applyFileEdits } from '../links/fileEdits';
import { checkedEngine, claudeTypes, withoutVague } from './ruleHelpers';

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

describe('link-dangling left behind by a renumbering (issue #39)', () => {
  const numbered = (name: string, body = 'Body.'): string => `---\nname: ${name}\ndescription: about ${name}\nmetadata:\n  type: project\n---\n${body}\n`;

  it('names the renumbered file on every line that still links its old number, and relinks to it', () => {
    const files = new Map([
      ['02-git-flow.md', numbered('git-flow', 'Related: [[05-testing]].')],
      ['04-secrets.md', numbered('secrets', 'Tests first: [[05-testing]]; then [[02-git-flow]].')],
      ['06-testing.md', numbered('testing', 'Never mock the database.')],
    ]);
    const engine = checkedEngine(files);
    for (const path of ['02-git-flow.md', '04-secrets.md']) {
      const [problem] = engine.problemsFor(path).filter((p) => p.code === ProblemCode.LinkDangling);
      assert.equal(problem.message, 'No memory is named "05-testing", but 06-testing.md is probably the one meant: link to "testing".', path);
    }
    const [fix] = engine.problemsFor('02-git-flow.md')[0].fixes!;
    assert.equal(applyFileEdits(files, fix.edits).get('02-git-flow.md'), numbered('git-flow', 'Related: [[testing]].'));
  });

  it('keeps a numbered link a reservation when no numbered file has its topic, and follows the file as it comes', () => {
    const files = new Map([['02-git-flow.md', numbered('git-flow', 'Related: [[05-testing]].')], ['testing-notes.md', numbered('testing-notes')]]);
    const store = new MemoryStore();
    for (const [path, text] of files) store.update(path, text);
    const engine = new ProblemEngine(store, { typeSet: claudeTypes });
    engine.checkAll();
    const message = (): string | undefined => engine.problemsFor('02-git-flow.md').find((p) => p.code === ProblemCode.LinkDangling)?.message;
    assert.match(message() ?? '', /^Reservation:/);
    engine.applyChange(store.update('06-testing.md', numbered('testing')));
    assert.equal(message(), 'No memory is named "05-testing", but 06-testing.md is probably the one meant: link to "testing".');
  });
});
