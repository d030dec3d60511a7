import * as assert from 'node:assert/strict';
import { Disposable, disposeAll } from '../../../src/workspace/dispose';

class Owner extends Disposable {
  own(dispose: () => void): void {
    this._register({ dispose });
  }
}

describe('Disposable', () => {
  it('disposes what it owns once, newest first', () => {
    const order: string[] = [];
    const owner = new Owner();
    owner.own(() => order.push('emitter'));
    owner.own(() => order.push('listener'));
    owner.dispose();
    owner.dispose();
    assert.deepEqual(order, ['listener', 'emitter']);
    assert.equal(owner.isDisposed, true);
  });

  it('disposes at once what is registered after its disposal, so a late listener cannot outlive it', () => {
    const owner = new Owner();
    owner.dispose();
    let disposed = false;
    owner.own(() => (disposed = true));
    assert.equal(disposed, true);
  });

  it('disposes every item even when one throws, then throws the first error', () => {
    const order: string[] = [];
    assert.throws(() => disposeAll([
      { dispose: () => order.push('a') },
      { dispose: () => { throw new Error('b failed'); } },
      { dispose: () => order.push('c') },
    ]), /b failed/);
    assert.deepEqual(order, ['a', 'c']);
  });
});
