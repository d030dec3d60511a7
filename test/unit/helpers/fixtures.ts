import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { MemoryStore } from '../../../src/core';

export const FIXTURES = join(__dirname, '..', '..', '..', '..', 'test', 'fixtures');

/** Every file of a fixture root as root-relative `/` paths and their text. */
export function readFixtureRoot(name: string): Map<string, string> {
  const root = join(FIXTURES, 'roots', name);
  const files = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.set(relative(root, full).split(sep).join('/'), readFileSync(full, 'utf8'));
    }
  };
  walk(root);
  return files;
}

export function loadFixtureStore(name: string): MemoryStore {
  const store = new MemoryStore();
  for (const [path, text] of readFixtureRoot(name)) store.update(path, text);
  return store;
}
