import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LspClient } from './lspClient';

/** A project with a `memory/` folder: an index, two linked memories, one unlisted with a relative date, a dangling link. */
export const PROJECT_FILES: Readonly<Record<string, string>> = {
  'MEMORY.md': [
    '# Memory',
    '',
    '- [Commit style](commit-style.md) — how commits are written',
    '- [Deploy steps](deploy-steps.md) — the deploy checklist',
    '',
  ].join('\n'),
  'commit-style.md': [
    '---',
    'name: commit-style',
    'description: How commit messages are written in this project',
    'type: feedback',
    '---',
    'Write the subject in the imperative. See [[deploy-steps]] before a release.',
    '',
  ].join('\n'),
  'deploy-steps.md': [
    '---',
    'name: deploy-steps',
    'description: The checklist followed for every deploy',
    'type: project',
    '---',
    'Run the tests, then tag. Ask [[release-owner]] first.',
    '',
  ].join('\n'),
  'unlisted.md': [
    '---',
    'name: unlisted',
    'description: A note nobody listed in the index',
    'type: user',
    '---',
    'Mentioned yesterday in the standup.',
    '',
  ].join('\n'),
};

/** A scratch folder holding `home/` (an empty HOME) and `project/memory/` with {@link PROJECT_FILES}. */
export function makeProject(files: Readonly<Record<string, string>> = PROJECT_FILES): { scratch: string; home: string; project: string; memory: string } {
  const scratch = mkdtempSync(join(tmpdir(), 'memory-shelf-lsp-'));
  const home = join(scratch, 'home');
  const project = join(scratch, 'project');
  const memory = join(project, 'memory');
  mkdirSync(home, { recursive: true });
  mkdirSync(memory, { recursive: true });
  for (const [path, text] of Object.entries(files)) writeFileSync(join(memory, path), text);
  return { scratch, home, project, memory };
}

/** A fresh project and a server for it, per test: what the suites that drive one server read and write. */
export interface LspSession {
  project: ReturnType<typeof makeProject>;
  client: LspClient;
}

/** Registers, in the calling `describe`, a new project and server before each test and their end after it. */
export function lspSessionEachTest(): LspSession {
  const session = {} as LspSession;
  beforeEach(() => {
    session.project = makeProject();
    session.client = new LspClient(session.project.home);
  });
  afterEach(async () => {
    await session.client.stop();
    rmSync(session.project.scratch, { recursive: true, force: true });
  });
  return session;
}
