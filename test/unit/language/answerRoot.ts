import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IndexLoadWay } from '../../../src/core';
import { RootSession } from '../../../src/language/rootSession';
import { readSettings } from '../../../src/language/settings';

/** A small root: an index of two memories, one linking to the other, which reserves a name. */
export const FILES: Readonly<Record<string, string>> = {
  'MEMORY.md': '# Memory\n\n- [Commit style](commit-style.md) — how commits are written\n- [Deploy steps](deploy-steps.md) — the deploy checklist\n',
  'commit-style.md': '---\nname: commit-style\ndescription: How commit messages are written in this project\ntype: feedback\n---\nWrite the subject in the imperative. See [[deploy-steps]] before a release.\n',
  'deploy-steps.md': '---\nname: deploy-steps\ndescription: The checklist followed for every deploy\ntype: project\n---\nRun the tests, then tag. Ask [[release-owner]] first.\n',
};

/** The root written to a new temporary folder and read as the language server reads it; `settings` as the user set them. */
export async function answerRoot(settings: Record<string, unknown> = {}, indexLoad: IndexLoadWay = 'entrypoint'): Promise<{ session: RootSession; folder: string; dispose(): void }> {
  const folder = mkdtempSync(join(tmpdir(), 'memory-shelf-answers-'));
  for (const [name, text] of Object.entries(FILES)) writeFileSync(join(folder, name), text);
  const session = await RootSession.load({ folder, exclude: [], indexLoad }, readSettings((key) => settings[key]));
  return { session, folder, dispose: () => rmSync(folder, { recursive: true, force: true }) };
}
