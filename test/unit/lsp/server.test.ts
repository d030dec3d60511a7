import * as assert from 'node:assert/strict';
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CodeAction, CodeLens, CompletionList, Diagnostic, DocumentDiagnosticReport, DocumentLink, Hover, Location, LocationLink, WorkspaceDiagnosticReport } from 'vscode-languageserver-protocol/node';
import { FIXTURES } from '../helpers/fixtures';
import { SETTLE_MS } from '../../../src/lsp/server';
import { lspSessionEachTest, PROJECT_FILES } from './fixture';
import { applyWorkspaceEdit, PULL_CLIENT, PUSH_CLIENT, uri } from './lspClient';

describe('memory-shelf lsp over stdio', function () {
  this.timeout(20_000);
  const session = lspSessionEachTest();
  const file = (name: string): string => join(session.project.memory, name);

  it('answers initialize with the features it serves', async () => {
    const result = (await session.client.initialize(session.project.project, PUSH_CLIENT)) as { capabilities: Record<string, unknown> };
    const capabilities = result.capabilities;
    assert.deepEqual(capabilities.textDocumentSync, { openClose: true, change: 2 });
    for (const feature of ['codeActionProvider', 'definitionProvider', 'documentLinkProvider', 'completionProvider', 'hoverProvider', 'referencesProvider', 'renameProvider', 'codeLensProvider']) {
      assert.ok(capabilities[feature], feature);
    }
    assert.equal(capabilities.diagnosticProvider, undefined, 'a client that does not pull gets pushed diagnostics');
  });

  it('publishes diagnostics for every memory of the root without any file open', async () => {
    await session.client.initialize(session.project.project, PUSH_CLIENT);
    await session.client.until(() => session.client.codesOf(file('unlisted.md')).length > 0 && session.client.codesOf(file('deploy-steps.md')).length > 0, 'diagnostics of unopened files');
    assert.deepEqual(session.client.codesOf(file('unlisted.md')), ['index-unlisted', 'relative-date']);
    assert.deepEqual(session.client.codesOf(file('deploy-steps.md')), ['link-dangling']);
    assert.deepEqual(session.client.codesOf(file('commit-style.md')), []);
    const dangling = session.client.diagnostics.get(uri(file('deploy-steps.md')))![0];
    assert.equal(dangling.source, 'Memory Shelf');
    assert.equal(dangling.severity, 4);
    assert.deepEqual(dangling.range, { start: { line: 5, character: 29 }, end: { line: 5, character: 46 } });
  });

  it('publishes the description hints with the other memory as related information', async () => {
    writeFileSync(file('project_plate.md'), '---\nname: plate\ndescription: Phase-3 model\ntype: project\n---\nThe Kirchhoff plate with simply supported edges is built; modal frequencies match the Navier solution.\n');
    writeFileSync(file('project_membrane.md'), '---\nname: membrane\ndescription: Phase-3 model\ntype: project\n---\nThe circular membrane is built and passing; Bessel zeros give the reference frequencies.\n');
    await session.client.initialize(session.project.project, PUSH_CLIENT);
    await session.client.until(() => session.client.codesOf(file('project_plate.md')).includes('description-alike'), 'description-alike');
    const alike = session.client.diagnostics.get(uri(file('project_plate.md')))!.find((diagnostic) => diagnostic.code === 'description-alike')!;
    assert.equal(alike.severity, 4);
    assert.deepEqual(alike.relatedInformation?.map((related) => related.location.uri), [uri(file('project_membrane.md'))]);
    assert.ok(session.client.codesOf(file('project_membrane.md')).includes('description-alike'));
  });

  it('speaks the client\'s language where the extension has a bundle for it', async () => {
    const bundle = JSON.parse(readFileSync(join(FIXTURES, '..', '..', 'l10n', 'bundle.l10n.ko.json'), 'utf8')) as Record<string, string>;
    await session.client.initialize(session.project.project, PUSH_CLIENT, undefined, 'ko');
    await session.client.until(() => session.client.codesOf(file('unlisted.md')).length > 0, 'diagnostics');
    const messages = session.client.diagnostics.get(uri(file('unlisted.md')))!.map((diagnostic) => (typeof diagnostic.message === 'string' ? diagnostic.message : diagnostic.message.value));
    assert.ok(messages.every((message) => /[\uac00-\ud7a3]/.test(message)), messages.join(' | '));
    await session.client.open(file('commit-style.md'));
    const hover = (await session.client.connection.sendRequest('textDocument/hover', { textDocument: { uri: uri(file('commit-style.md')) }, position: { line: 5, character: 48 } })) as Hover;
    assert.ok((hover.contents as { value: string }).value.includes(bundle['1 memory links here']), 'the server\'s own sentences too');
  });

  it('checks the text being typed (incremental changes) over the disk, and the disk again once closed', async () => {
    await session.client.initialize(session.project.project, PUSH_CLIENT);
    await session.client.until(() => session.client.codesOf(file('unlisted.md')).length > 0, 'first diagnostics');
    await session.client.open(file('commit-style.md'));
    // Delete the description line (line 2) by an incremental change.
    await session.client.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: uri(file('commit-style.md')), version: 2 },
      contentChanges: [{ range: { start: { line: 2, character: 0 }, end: { line: 3, character: 0 } }, text: '' }],
    });
    await session.client.until(() => session.client.codesOf(file('commit-style.md')).includes('description-missing'), 'description-missing while typing');
    assert.equal(readFileSync(file('commit-style.md'), 'utf8').includes('description:'), true, 'nothing is written to disk');
    // A second change that adds a relative date to the same line, positioned against the changed text.
    await session.client.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: uri(file('commit-style.md')), version: 3 },
      contentChanges: [{ range: { start: { line: 4, character: 0 }, end: { line: 4, character: 0 } }, text: 'Agreed last week. ' }],
    });
    await session.client.until(() => session.client.codesOf(file('commit-style.md')).includes('relative-date'), 'relative-date after a second change');
    await session.client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: uri(file('commit-style.md')) } });
    await session.client.until(() => session.client.codesOf(file('commit-style.md')).length === 0, 'the disk text once closed');
  });

  it('re-checks other files when a change affects them: a new name makes a dangling link resolve', async () => {
    await session.client.initialize(session.project.project, PUSH_CLIENT);
    await session.client.until(() => session.client.codesOf(file('deploy-steps.md')).includes('link-dangling'), 'the dangling link');
    await session.client.open(file('unlisted.md'));
    await session.client.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: uri(file('unlisted.md')), version: 2 },
      contentChanges: [{ range: { start: { line: 1, character: 6 }, end: { line: 1, character: 14 } }, text: 'release-owner' }],
    });
    await session.client.until(() => session.client.codesOf(file('deploy-steps.md')).length === 0, 'the link resolved in an unopened file');
  });

  it('answers pull diagnostics for one document and for the whole workspace', async () => {
    const result = (await session.client.initialize(session.project.project, PULL_CLIENT)) as { capabilities: { diagnosticProvider?: unknown } };
    assert.deepEqual(result.capabilities.diagnosticProvider, { interFileDependencies: true, workspaceDiagnostics: true });
    const report = (await session.client.connection.sendRequest('textDocument/diagnostic', { textDocument: { uri: uri(file('unlisted.md')) } })) as DocumentDiagnosticReport & { items: Diagnostic[] };
    assert.equal(report.kind, 'full');
    assert.deepEqual(report.items.map((item) => item.code).sort(), ['index-unlisted', 'relative-date']);
    const workspace = (await session.client.connection.sendRequest('workspace/diagnostic', { previousResultIds: [] })) as WorkspaceDiagnosticReport;
    const byFile = new Map(workspace.items.map((item) => [item.uri, (item as { items: Diagnostic[] }).items.map((diagnostic) => diagnostic.code)]));
    assert.deepEqual(byFile.get(uri(file('deploy-steps.md'))), ['link-dangling']);
    assert.deepEqual(byFile.get(uri(file('commit-style.md'))), []);
    assert.ok(byFile.has(uri(file('MEMORY.md'))));
    assert.equal(session.client.diagnostics.size, 0, 'nothing pushed to a client that pulls');
  });

  it('offers the same quick fixes as the extension, as versioned workspace edits that fix the problem', async () => {
    await session.client.initialize(session.project.project, PUSH_CLIENT);
    await session.client.until(() => session.client.codesOf(file('unlisted.md')).length > 0, 'diagnostics');
    await session.client.open(file('unlisted.md'), 7);
    const diagnostics = session.client.diagnostics.get(uri(file('unlisted.md')))!;
    const actions = (await session.client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: uri(file('unlisted.md')) },
      range: diagnostics[0].range,
      context: { diagnostics },
    })) as CodeAction[];
    const titles = actions.map((action) => action.title);
    const listing = actions.find((action) => action.diagnostics?.some((diagnostic) => diagnostic.code === 'index-unlisted'));
    assert.ok(listing?.edit, `an index fix among ${titles.join(' | ')}`);
    assert.ok(actions.some((action) => action.diagnostics?.some((diagnostic) => diagnostic.code === 'relative-date')), 'a relative-date fix');
    applyWorkspaceEdit(listing.edit);
    assert.match(readFileSync(file('MEMORY.md'), 'utf8'), /\]\(unlisted\.md\)/);
    const dates = actions.find((action) => action.diagnostics?.some((diagnostic) => diagnostic.code === 'relative-date'))!;
    const edit = dates.edit!.documentChanges![0] as { textDocument: { uri: string; version: number | null } };
    assert.deepEqual(edit.textDocument, { uri: uri(file('unlisted.md')), version: 7 }, 'an open document is edited at its version');
  });

  it('creates the memory a dangling link reserves, with its index entry, one action per type', async () => {
    await session.client.initialize(session.project.project, PUSH_CLIENT);
    await session.client.until(() => session.client.codesOf(file('deploy-steps.md')).includes('link-dangling'), 'the dangling link');
    await session.client.open(file('deploy-steps.md'));
    const diagnostics = session.client.diagnostics.get(uri(file('deploy-steps.md')))!;
    const actions = (await session.client.connection.sendRequest('textDocument/codeAction', { textDocument: { uri: uri(file('deploy-steps.md')) }, range: diagnostics[0].range, context: { diagnostics } })) as CodeAction[];
    assert.deepEqual(actions.map((action) => action.title), ['user', 'feedback', 'project', 'reference'].map((type) => `Create the memory "release-owner" (${type})`));
    applyWorkspaceEdit(actions[2].edit!);
    assert.match(readFileSync(file('release-owner.md'), 'utf8'), /^---\nname: release-owner\n(.*\n)*type: project\n/);
    assert.match(readFileSync(file('MEMORY.md'), 'utf8'), /\]\(release-owner\.md\)/);
    await session.client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri(file('release-owner.md')), type: 1 }, { uri: uri(file('MEMORY.md')), type: 2 }] });
    await session.client.until(() => !session.client.codesOf(file('deploy-steps.md')).includes('link-dangling'), 'the link resolved');
  });

  it('follows [[links]] and index entries to their memories (definition and document links)', async () => {
    await session.client.initialize(session.project.project, PUSH_CLIENT);
    await session.client.open(file('commit-style.md'));
    const links = (await session.client.connection.sendRequest('textDocument/definition', { textDocument: { uri: uri(file('commit-style.md')) }, position: { line: 5, character: 45 } })) as LocationLink[];
    assert.equal(links.length, 1);
    assert.equal(links[0].targetUri, uri(file('deploy-steps.md')));
    assert.deepEqual(links[0].targetSelectionRange, { start: { line: 1, character: 6 }, end: { line: 1, character: 18 } });
    await session.client.open(file('MEMORY.md'));
    const entry = (await session.client.connection.sendRequest('textDocument/definition', { textDocument: { uri: uri(file('MEMORY.md')) }, position: { line: 3, character: 20 } })) as LocationLink[];
    assert.equal(entry[0].targetUri, uri(file('deploy-steps.md')));
    const documentLinks = (await session.client.connection.sendRequest('textDocument/documentLink', { textDocument: { uri: uri(file('MEMORY.md')) } })) as DocumentLink[];
    assert.deepEqual(documentLinks.map((link) => link.target), [uri(file('commit-style.md')), uri(file('deploy-steps.md'))]);
    const dangling = await session.client.connection.sendRequest('textDocument/definition', { textDocument: { uri: uri(file('deploy-steps.md')) }, position: { line: 5, character: 33 } });
    assert.ok(dangling === null || (Array.isArray(dangling) && dangling.length === 0), 'a dangling link leads nowhere');
  });

  it('completes after [[ by name, title and description, ranked as in VS Code', async () => {
    await session.client.initialize(session.project.project, PUSH_CLIENT);
    const target = file('unlisted.md');
    await session.client.open(target);
    await session.client.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: uri(target), version: 2 },
      contentChanges: [{ range: { start: { line: 6, character: 0 }, end: { line: 6, character: 0 } }, text: 'See [[checklist' }],
    });
    const list = (await session.client.connection.sendRequest('textDocument/completion', { textDocument: { uri: uri(target) }, position: { line: 6, character: 15 } })) as CompletionList;
    assert.equal(list.isIncomplete, true);
    assert.equal(list.items[0].label, 'deploy-steps', 'the description match ranks first');
    assert.equal(list.items[0].detail, 'Deploy steps', 'its index title');
    assert.deepEqual((list.items[0].textEdit as { newText: string }).newText, 'deploy-steps]]');
    assert.ok(!list.items.some((item) => item.label === 'unlisted'), 'not the memory being edited');
    assert.ok(list.items.some((item) => item.label === 'release-owner'), 'reserved names too');
  });

  it('shows a hover preview of the linked memory', async () => {
    await session.client.initialize(session.project.project, PUSH_CLIENT);
    await session.client.open(file('commit-style.md'));
    const hover = (await session.client.connection.sendRequest('textDocument/hover', { textDocument: { uri: uri(file('commit-style.md')) }, position: { line: 5, character: 48 } })) as Hover;
    const text = (hover.contents as { value: string }).value;
    assert.match(text, /Deploy steps/);
    assert.match(text, /The checklist followed for every deploy/);
    assert.match(text, /Run the tests, then tag/);
    assert.match(text, /1 memory links here/);
  });

  it('lists backlinks as references, from a link and from the name', async () => {
    await session.client.initialize(session.project.project, PUSH_CLIENT);
    await session.client.open(file('deploy-steps.md'));
    const fromName = (await session.client.connection.sendRequest('textDocument/references', { textDocument: { uri: uri(file('deploy-steps.md')) }, position: { line: 1, character: 8 }, context: { includeDeclaration: false } })) as Location[];
    assert.deepEqual(fromName, [{ uri: uri(file('commit-style.md')), range: { start: { line: 5, character: 41 }, end: { line: 5, character: 57 } } }]);
    const reservation = (await session.client.connection.sendRequest('textDocument/references', { textDocument: { uri: uri(file('deploy-steps.md')) }, position: { line: 5, character: 33 }, context: { includeDeclaration: true } })) as Location[];
    assert.deepEqual(reservation.map((location) => location.uri), [uri(file('deploy-steps.md'))]);
  });

  it('shows the load budget and entry lenses on MEMORY.md', async () => {
    await session.client.initialize(session.project.project, PUSH_CLIENT);
    await session.client.open(file('MEMORY.md'));
    const lenses = (await session.client.connection.sendRequest('textDocument/codeLens', { textDocument: { uri: uri(file('MEMORY.md')) } })) as CodeLens[];
    // The fixture project's CLAUDE.md imports none of memory/: its index loads at no session start, and the lens says so as VS Code's does (issue #40).
    assert.match(lenses[0].command!.title, /^4 \/ 200 lines · \d+ \/ 25000 characters · not loaded at session start$/);
    assert.deepEqual(lenses.slice(1).map((lens) => [lens.range.start.line, lens.command!.title]), [[2, 'feedback · 0 backlinks'], [3, 'project · 1 backlink']]);
  });

  it('words each finding as one step for an agent (initialization option audience: agent): done as written, the findings go', async () => {
    await session.client.initialize(session.project.project, PUSH_CLIENT, { audience: 'agent' });
    await session.client.open(file('unlisted.md'));
    await session.client.until(() => session.client.codesOf(file('unlisted.md')).length === 2, 'diagnostics');
    const diagnostics = session.client.diagnostics.get(uri(file('unlisted.md')))!;
    const messageOf = (code: string): string => String(diagnostics.find((diagnostic) => diagnostic.code === code)?.message);
    // Nothing in unlisted.md dates it: counted from its modification time, said as a condition.
    const date = /^Replace "([^"]+)" with "([^"]+)" if it was written on \d{4}-\d{2}-\d{2}; otherwise with the date it means\.$/.exec(messageOf('relative-date'));
    const line = /^Add this line to MEMORY\.md, or Claude Code will not know this memory exists: (- \[.+\]\(unlisted\.md\) — .+)$/.exec(messageOf('index-unlisted'));
    assert.ok(date && line, `${messageOf('relative-date')} | ${messageOf('index-unlisted')}`);
    // A quick fix is still found for a diagnostic worded for the agent.
    const actions = (await session.client.connection.sendRequest('textDocument/codeAction', { textDocument: { uri: uri(file('unlisted.md')) }, range: diagnostics[0].range, context: { diagnostics } })) as CodeAction[];
    assert.ok(actions.length >= 2, actions.map((action) => action.title).join(' | '));
    await session.client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: uri(file('unlisted.md')) } });
    // What an agent does with them: the Edit and the line, exactly as written.
    writeFileSync(file('unlisted.md'), readFileSync(file('unlisted.md'), 'utf8').replace(date[1], date[2]));
    writeFileSync(file('MEMORY.md'), `${readFileSync(file('MEMORY.md'), 'utf8').trimEnd()}\n${line[1]}\n`);
    await session.client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [file('unlisted.md'), file('MEMORY.md')].map((path) => ({ uri: uri(path), type: 2 })) });
    await session.client.until(() => session.client.codesOf(file('unlisted.md')).length === 0 && session.client.codesOf(file('MEMORY.md')).length === 0, 'no findings left');
  });

  it('tells an agent only of the files it writes, and holds "add this line" back while the line may still come in the same turn', async () => {
    // The folder as it was before the session; then a memory written while the server started, whose
    // document Claude Code never sends (it drops it while the server starts): found by its file time.
    for (const name of Object.keys(PROJECT_FILES)) utimesSync(file(name), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    writeFileSync(file('project_started.md'), '---\nname: project-started\ndescription: The pilot with the Lisbon team started\ntype: project\n---\nThe pilot started yesterday.\n');
    await session.client.initialize(session.project.project, PUSH_CLIENT, { audience: 'agent' });
    await session.client.until(() => session.client.codesOf(file('project_started.md')).includes('relative-date'), 'the memory written while the server started');
    // A memory and its MEMORY.md line, written 0.3 s apart as Claude Code's hooks space two tool calls.
    writeFileSync(file('project_new.md'), '---\nname: project-new\ndescription: The staging cluster moved to eu-west-2\ntype: project\n---\nThe staging cluster moved yesterday.\n');
    await session.client.open(file('project_new.md'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    writeFileSync(file('MEMORY.md'), `${readFileSync(file('MEMORY.md'), 'utf8').trimEnd()}\n- [Project new](project_new.md) — the staging cluster moved to eu-west-2\n`);
    await session.client.open(file('MEMORY.md'));
    await session.client.until(() => session.client.codesOf(file('project_new.md')).includes('relative-date'), 'the relative date');
    // A memory written without its line: "add this line" comes once the turn could have added it.
    writeFileSync(file('project_alone.md'), '---\nname: project-alone\ndescription: The staging database is Postgres 16\ntype: project\n---\nStaging runs Postgres 16.\n');
    const opened = Date.now();
    await session.client.open(file('project_alone.md'));
    await session.client.until(() => session.client.codesOf(file('project_alone.md')).includes('index-unlisted'), 'index-unlisted once settled');
    assert.ok(Date.now() - opened >= SETTLE_MS - 50, `pushed ${Date.now() - opened} ms after the write`);
    const pushed = (name: string): (readonly string[])[] => session.client.pushes.filter((push) => push.uri === uri(file(name))).map((push) => push.codes);
    assert.ok(pushed('project_new.md').every((codes) => !codes.includes('index-unlisted')), JSON.stringify(pushed('project_new.md')));
    // The folder's other findings (unlisted.md's, deploy-steps.md's dangling link) predate the session: none is pushed.
    assert.deepEqual(pushed('unlisted.md'), []);
    assert.deepEqual(pushed('deploy-steps.md'), []);
  });

  it('answers an agent\'s first write at once from the file alone while a large folder is still read, the rest once it is', async () => {
    for (let i = 0; i < 2000; i++) writeFileSync(file(`project_note_${i}.md`), `---\nname: project-note-${i}\ndescription: Note ${i} about the build farm, rack ${i % 40}\ntype: project\n---\nRack ${i % 40} runs build job ${i} every night.\n`);
    await session.client.initialize(session.project.project, PUSH_CLIENT, { audience: 'agent' });
    // Its name is another memory's: a finding only the whole folder shows.
    writeFileSync(file('project_note_7b.md'), '---\nname: project-note-7\ndescription: The staging cluster moved to eu-west-2\ntype: project\n---\nThe staging cluster moved yesterday. See [[project-note-8]].\n');
    await session.client.open(file('project_note_7b.md'));
    await session.client.until(() => session.client.codesOf(file('project_note_7b.md')).includes('duplicate-name'), 'the folder\'s findings');
    const pushed = session.client.pushes.filter((push) => push.uri === uri(file('project_note_7b.md'))).map((push) => push.codes);
    assert.deepEqual(pushed[0], ['relative-date'], JSON.stringify(pushed));
    // Alone, the link to project-note-8 would look dangling: no push says so.
    assert.ok(pushed.every((codes) => !codes.includes('link-dangling')), JSON.stringify(pushed));
  });

  it('follows the disk when a watched file changes', async () => {
    await session.client.initialize(session.project.project, PUSH_CLIENT);
    await session.client.until(() => session.client.codesOf(file('deploy-steps.md')).includes('link-dangling'), 'the dangling link');
    writeFileSync(file('release-owner.md'), '---\nname: release-owner\ndescription: Who signs off releases\ntype: user\n---\nThe lead.\n');
    await session.client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri(file('release-owner.md')), type: 1 }] });
    await session.client.until(() => session.client.codesOf(file('deploy-steps.md')).length === 0 && session.client.codesOf(file('release-owner.md')).includes('index-unlisted'), 'the new file read');
  });
});
