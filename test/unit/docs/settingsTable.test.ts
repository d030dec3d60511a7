import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES } from '../helpers/fixtures';

const REPO = join(FIXTURES, '..', '..');

describe('the README\'s settings table', () => {
  it('is what scripts/settingsTable.mjs generates from package.json', () => {
    const result = spawnSync(process.execPath, [join(REPO, 'scripts', 'settingsTable.mjs'), '--check'], { cwd: REPO, encoding: 'utf8' });
    assert.equal(result.status, 0, result.stderr);
  });

  it('has one row per setting, with its default', () => {
    const manifest = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { contributes: { configuration: { properties: Record<string, { default: unknown }> } } };
    const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('<!-- settings:start -->'), readme.indexOf('<!-- settings:end -->'));
    const rows = table.split('\n').filter((line) => line.startsWith('| `memoryShelf.'));
    const properties = Object.entries(manifest.contributes.configuration.properties);
    assert.equal(rows.length, properties.length);
    for (const [name, setting] of properties) {
      const row = rows.find((line) => line.startsWith(`| \`${name}\` |`));
      assert.ok(row, name);
      assert.ok(row.includes(`| \`${JSON.stringify(setting.default)}\` |`), `${name}'s default`);
    }
  });
});
