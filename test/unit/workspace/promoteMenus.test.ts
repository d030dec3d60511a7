import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from '../helpers/coreTemplates';

interface MenuItem {
  readonly command: string;
  readonly when?: string;
}

const manifest = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { contributes: { menus: Record<string, MenuItem[]> } };
const itemMenus = manifest.contributes.menus['view/item/context'];

/** The `viewItem` values a clause accepts, among the memory items' context values, read the way VS Code reads `==` and `=~`. */
function acceptedContextValues(when: string): string[] {
  return ['memory', 'memory.auto'].filter((value) => {
    const equal = /viewItem == ([^\s)]+)/.exec(when);
    if (equal) return equal[1] === value;
    const match = /viewItem =~ \/((?:[^/\\]|\\.)+)\//.exec(when);
    return match ? new RegExp(match[1]).test(value) : false;
  });
}

describe('memory item menus', () => {
  it('offers Promote to Project only on auto memories, and Promote to a Rule on every memory', () => {
    const promoteToProject = itemMenus.filter((item) => item.command === 'memoryShelf.promoteToProject');
    const promoteToRule = itemMenus.filter((item) => item.command === 'memoryShelf.promoteToRule');
    assert.equal(promoteToProject.length, 1);
    assert.deepEqual(acceptedContextValues(promoteToProject[0].when ?? ''), ['memory.auto']);
    assert.equal(promoteToRule.length, 1);
    assert.deepEqual(acceptedContextValues(promoteToRule[0].when ?? ''), ['memory', 'memory.auto']);
  });

  it('shows every other memory action on auto memories too: none matches only the plain `memory` context value', () => {
    const onlyPlain = itemMenus
      .filter((item) => item.when !== undefined && item.command !== 'memoryShelf.promoteToProject')
      .filter((item) => {
        const accepted = acceptedContextValues(item.when!);
        return accepted.length === 1 && accepted[0] === 'memory';
      })
      .map((item) => item.command);
    assert.deepEqual(onlyPlain, [], 'use viewItem =~ /^memory(\\.auto)?$/ so auto memories keep the action');
    assert.ok(itemMenus.filter((item) => acceptedContextValues(item.when ?? '').length === 2).length > 10, 'the memory actions are found');
  });
});
