import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { FIXTURES } from '../../helpers/fixtures';

/** A fixture folder read as a file tree at `/`: `test/fixtures/session/<name>/home/u/x` becomes `/home/u/x`. */
export function fixtureTree(name: string): Record<string, string> {
  const base = join(FIXTURES, 'session', name);
  const tree: Record<string, string> = {};
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir)) {
      const full = join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else tree['/' + relative(base, full).split(sep).join('/')] = readFileSync(full, 'utf8');
    }
  };
  walk(base);
  return tree;
}
