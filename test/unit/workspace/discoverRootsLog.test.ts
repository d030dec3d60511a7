import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installFakeVscode } from '../helpers/fakeVscode';
import type * as DiscoverRootsModule from '../../../src/workspace/roots/discoverRoots';

installFakeVscode();
// eslint-disable-next-line @typescript-eslint/no-require-imports
const vscode = require('vscode') as { workspace: { workspaceFolders: unknown }; Uri: { file(path: string): unknown } };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { discoverRoots } = require('../../../src/workspace/roots/discoverRoots') as typeof DiscoverRootsModule;

describe('discoverRoots: a project CLAUDE.md that is not read is said in the output channel', () => {
  let repo: string;
  before(() => {
    repo = mkdtempSync(join(tmpdir(), 'memory-shelf-discover-log-'));
    mkdirSync(join(repo, 'memory'));
    writeFileSync(join(repo, 'memory', 'a.md'), '---\nname: a\n---\n');
    mkdirSync(join(repo, 'CLAUDE.md'));
    mkdirSync(join(repo, '.claude'));
    execFileSync('mkfifo', [join(repo, '.claude', 'CLAUDE.md')]);
    vscode.workspace.workspaceFolders = [{ uri: vscode.Uri.file(repo), name: 'repo', index: 0 }];
  });
  after(() => {
    vscode.workspace.workspaceFolders = undefined;
    rmSync(repo, { recursive: true, force: true });
  });

  it('logs a CLAUDE.md that is a folder and one that is a FIFO, once each however often the roots are found', async () => {
    const warned: string[] = [];
    const log = { warn: (what: string) => warned.push(what), skipped: () => undefined, info: () => undefined } as unknown as Parameters<typeof discoverRoots>[1];
    const settings = { roots: ['memory'], autoMemoryShow: false } as unknown as Parameters<typeof discoverRoots>[0];
    const infos = await discoverRoots(settings, log, { search: false });
    await discoverRoots(settings, log, { search: false });
    assert.ok(infos.some((info) => (info.uri as unknown as { fsPath: string }).fsPath === join(repo, 'memory')));
    // The fake's l10n.t fills the template as VS Code's does; a translation would replace the text around the file.
    assert.deepEqual(warned.sort(), [
      `Not read: file://${encodeURI(join(repo, '.claude', 'CLAUDE.md'))} is not a regular file of a readable size`,
      `Not read: file://${encodeURI(join(repo, 'CLAUDE.md'))} is not a regular file of a readable size`,
    ].sort());
  });
});
