import { stat } from 'node:fs/promises';
import { relative } from 'node:path';
import type { RootPlace } from '../language/rootPlaces';

/**
 * How a root found with no ROOT named (see `discoverCheckPlaces`) is spelled on the command line and in
 * the output: the auto memory folder by its path, the project's own folders relative to the current
 * directory, as a person would name them.
 */
export function checkArgument(place: RootPlace, cwd: string): string {
  return place.kind === 'auto-memory' ? place.folder : relative(cwd, place.folder);
}

export async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}
