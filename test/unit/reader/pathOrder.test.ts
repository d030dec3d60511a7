import * as assert from 'node:assert/strict';
import { InOrder } from '../../../src/reader/pathOrder';

describe('InOrder: what concurrent reads produce, handed out in a fixed order', () => {
  it('releases each item once it and every item before it are in, across folders split inside folders', () => {
    const released: string[] = [];
    const order = new InOrder<string>((item) => void released.push(item));
    const [index, feedback, folder, user] = order.first.split(4);
    const [archived, empty, release] = folder.split(3);
    user.fill('user_role.md');
    release.fill('project/release_train.md');
    assert.deepEqual(released, [], 'nothing before the first is in');
    index.fill('MEMORY.md');
    assert.deepEqual(released, ['MEMORY.md']);
    feedback.fill();
    archived.split(1)[0].fill('project/archive/old_plan.md');
    assert.deepEqual(released, ['MEMORY.md', 'project/archive/old_plan.md'], 'a folder still being listed holds up what follows it');
    empty.split(0);
    assert.deepEqual(released, ['MEMORY.md', 'project/archive/old_plan.md', 'project/release_train.md', 'user_role.md']);
  });

  it('releases an item filled from inside a release in its place, not in a nested pass', () => {
    const released: string[] = [];
    let later: (() => void) | undefined;
    const order = new InOrder<string>((item) => {
      released.push(item);
      later?.();
      later = undefined;
    });
    const [a, b, c] = order.first.split(3);
    c.fill('c.md');
    later = () => b.fill('b.md');
    a.fill('a.md');
    assert.deepEqual(released, ['a.md', 'b.md', 'c.md']);
  });

  it('keeps the first answer of a slot: a file read stays read when the reader marks its entry done', () => {
    const released: string[] = [];
    const order = new InOrder<string>((item) => void released.push(item));
    const [only] = order.first.split(1);
    only.fill('feedback_testing.md');
    only.fill();
    assert.deepEqual(released, ['feedback_testing.md']);
  });
});
