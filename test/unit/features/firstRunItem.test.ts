import * as assert from 'node:assert/strict';
import type * as FirstRun from '../../../src/features/tree/firstRunItem';
import { installFakeVscode } from '../helpers/fakeVscode';

installFakeVscode();
// Loaded after the fake is in place.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { firstRunItem } = require('../../../src/features/tree/firstRunItem') as typeof FirstRun;

describe('the first-run row', () => {
  it('escapes the root\'s label in its tooltip: no image, no link from a folder\'s name (low)', () => {
    const label = 'notes ![seen](https://example.invalid/pixel.png) [click](command:workbench.action.terminal.new)';
    const root = { uri: { toString: () => 'file:///p/memory' }, info: { label } } as unknown as Parameters<typeof firstRunItem>[0];
    const tooltip = (firstRunItem(root, 3).tooltip as { value: string }).value;
    assert.doesNotMatch(tooltip, /!\[seen\]\(/);
    assert.doesNotMatch(tooltip, /\[click\]\(/);
    assert.match(tooltip, /notes/);
  });
});
