import * as assert from 'node:assert/strict';
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-protocol/node';
import { sanitizeProjectPath } from '../../../src/rootLocations/autoMemory';
import { lspSessionEachTest, PROJECT_FILES } from './fixture';
import { PUSH_CLIENT, uri } from './lspClient';

const note = (name: string): string => `---\nname: ${name}\ndescription: ${name} in a few words\ntype: user\n---\nSee [[nowhere-${name}]].\n`;

describe('memory-shelf lsp: roots, settings and the write boundary', function () {
  this.timeout(20_000);
  const session = lspSessionEachTest();

  it('serves Claude Code\'s auto memory of the workspace and the folders the roots setting names', async () => {
    const auto = join(session.project.home, '.claude', 'projects', sanitizeProjectPath(realpathSync(session.project.project)), 'memory');
    mkdirSync(auto, { recursive: true });
    writeFileSync(join(auto, 'auto-note.md'), note('auto-note'));
    const elsewhere = join(session.project.project, 'docs', 'notes');
    mkdirSync(elsewhere, { recursive: true });
    writeFileSync(join(elsewhere, 'configured-note.md'), note('configured-note'));
    await session.client.initialize(session.project.project, PUSH_CLIENT, { roots: ['docs/notes'] });
    await session.client.until(() => session.client.codesOf(join(auto, 'auto-note.md')).length > 0 && session.client.codesOf(join(elsewhere, 'configured-note.md')).length > 0, 'both roots checked');
    assert.ok(session.client.codesOf(join(auto, 'auto-note.md')).includes('link-dangling'));
    assert.ok(session.client.codesOf(join(elsewhere, 'configured-note.md')).includes('link-dangling'));
    assert.ok(session.client.codesOf(join(session.project.memory, 'deploy-steps.md')).includes('link-dangling'), 'and the project\'s memory/');
  });

  it('serves no folder outside the workspace a client option names, and takes trust only from initializationOptions (low)', async () => {
    const outside = join(session.project.scratch, 'elsewhere');
    mkdirSync(outside);
    writeFileSync(join(outside, 'outside-note.md'), note('outside-note'));
    // A repository's own .claude/settings.json choosing the auto memory folder: honoured only when trusted.
    const chosen = join(session.project.scratch, 'chosen');
    mkdirSync(chosen);
    writeFileSync(join(chosen, 'chosen-note.md'), note('chosen-note'));
    mkdirSync(join(session.project.project, '.claude'));
    writeFileSync(join(session.project.project, '.claude', 'settings.json'), JSON.stringify({ autoMemoryDirectory: chosen }));
    // workspace/configuration is where a client puts a workspace's own settings, which come with the repository.
    session.client.configuration = { roots: [outside], trustClaudeSettings: true };
    await session.client.initialize(session.project.project, { ...PUSH_CLIENT, workspace: { ...PUSH_CLIENT.workspace, configuration: true } }, { roots: ['../elsewhere'] });
    await session.client.until(() => session.client.codesOf(join(session.project.memory, 'deploy-steps.md')).includes('link-dangling'), 'the project memory checked');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.deepEqual(session.client.codesOf(join(outside, 'outside-note.md')), [], 'a root outside the workspace is not served');
    assert.deepEqual(session.client.codesOf(join(chosen, 'chosen-note.md')), [], 'trust from workspace/configuration does not count');
    const logged = session.client.logs.join('\n');
    assert.match(logged, /not serving .*elsewhere/);
  });

  it('honours trustClaudeSettings given in initializationOptions', async () => {
    const chosen = join(session.project.scratch, 'chosen');
    mkdirSync(chosen);
    writeFileSync(join(chosen, 'chosen-note.md'), note('chosen-note'));
    mkdirSync(join(session.project.project, '.claude'));
    writeFileSync(join(session.project.project, '.claude', 'settings.json'), JSON.stringify({ autoMemoryDirectory: chosen }));
    await session.client.initialize(session.project.project, PUSH_CLIENT, { trustClaudeSettings: true });
    await session.client.until(() => session.client.codesOf(join(chosen, 'chosen-note.md')).includes('link-dangling'), 'the chosen auto memory checked');
  });

  it('serves a memory folder made after it started, from the first file opened in it, and nothing outside memory', async () => {
    await session.client.initialize(session.project.project, PUSH_CLIENT);
    await session.client.until(() => session.client.codesOf(join(session.project.memory, 'deploy-steps.md')).includes('link-dangling'), 'the project memory checked');
    // What Claude Code does when a subagent with project memory first writes: folder, file, didOpen.
    mkdirSync(join(session.project.project, '.claude', 'agents'), { recursive: true });
    writeFileSync(join(session.project.project, '.claude', 'agents', 'reviewer.md'), '---\nname: reviewer\ndescription: Reviews\nmemory: project\n---\n\nReview.\n');
    const agentMemory = join(session.project.project, '.claude', 'agent-memory', 'reviewer');
    mkdirSync(agentMemory, { recursive: true });
    writeFileSync(join(agentMemory, 'late-note.md'), note('late-note'));
    const readme = join(session.project.project, 'README.md');
    writeFileSync(readme, note('readme'));
    await session.client.open(readme);
    await session.client.open(join(agentMemory, 'late-note.md'));
    await session.client.until(() => session.client.codesOf(join(agentMemory, 'late-note.md')).includes('link-dangling'), 'the new folder checked');
    assert.deepEqual(session.client.codesOf(readme), [], 'a README with a memory\'s shape is not a memory');
  });

  it('takes severities from workspace/configuration, and checks again when it changes', async () => {
    session.client.configuration = { severity: { 'link-dangling': 'off', 'index-unlisted': 'error' } };
    await session.client.initialize(session.project.project, { ...PUSH_CLIENT, workspace: { ...PUSH_CLIENT.workspace, configuration: true } });
    const unlisted = join(session.project.memory, 'unlisted.md');
    await session.client.until(() => session.client.diagnostics.get(uri(unlisted))?.some((diagnostic) => diagnostic.code === 'index-unlisted' && diagnostic.severity === 1) === true, 'index-unlisted as an error');
    assert.deepEqual(session.client.codesOf(join(session.project.memory, 'deploy-steps.md')), [], 'link-dangling is off');
    session.client.configuration = {};
    await session.client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    await session.client.until(() => session.client.codesOf(join(session.project.memory, 'deploy-steps.md')).includes('link-dangling'), 'link-dangling back on');
  });

  it('offers no fix that would write through a link out of the root', async () => {
    const outside = join(session.project.scratch, 'outside');
    mkdirSync(outside);
    symlinkSync(outside, join(session.project.memory, 'notes'));
    writeFileSync(join(session.project.memory, 'MEMORY.md'), `${PROJECT_FILES['MEMORY.md']}- [Escape](notes/escape.md) — lands outside\n- [Gone](gone.md) — a missing file inside\n`);
    await session.client.initialize(session.project.project, PUSH_CLIENT);
    const index = join(session.project.memory, 'MEMORY.md');
    await session.client.until(() => session.client.codesOf(index).filter((code) => code === 'index-missing-file').length === 2, 'both missing files');
    await session.client.open(index);
    const actionsFor = async (line: number): Promise<CodeAction[]> => {
      const diagnostics = session.client.diagnostics.get(uri(index))!.filter((diagnostic: Diagnostic) => diagnostic.code === 'index-missing-file' && diagnostic.range.start.line === line);
      return (await session.client.connection.sendRequest('textDocument/codeAction', { textDocument: { uri: uri(index) }, range: diagnostics[0].range, context: { diagnostics } })) as CodeAction[];
    };
    const creates = (actions: CodeAction[]): string[] => actions.flatMap((action) => action.edit?.documentChanges ?? []).flatMap((change) => ('kind' in change && change.kind === 'create' ? [change.uri] : []));
    assert.deepEqual(creates(await actionsFor(5)), [uri(join(session.project.memory, 'gone.md'))], 'a missing file inside the root can be created');
    const escape = await actionsFor(4);
    assert.deepEqual(creates(escape), [], 'nothing is created through notes -> outside');
  });
  it('flags the load limit where Claude Code cuts the index (auto memory), not on a project index a CLAUDE.md imports whole', async () => {
    const long = Array.from({ length: 210 }, (_, i) => [`- [Fact ${i}](fact_${i}.md) — hook`, `- [사실 ${i}](fact_${i}.md) — 요약`, `- [事実 ${i}](fact_${i}.md) — 要約`][i % 3]).join('\n') + '\n';
    const auto = join(session.project.home, '.claude', 'projects', sanitizeProjectPath(realpathSync(session.project.project)), 'memory');
    mkdirSync(auto, { recursive: true });
    writeFileSync(join(auto, 'MEMORY.md'), long);
    writeFileSync(join(session.project.memory, 'MEMORY.md'), long);
    writeFileSync(join(session.project.project, 'CLAUDE.md'), '# Project\n\n@memory/MEMORY.md\n');
    await session.client.initialize(session.project.project, PUSH_CLIENT);
    const autoIndex = join(auto, 'MEMORY.md');
    const projectIndex = join(session.project.memory, 'MEMORY.md');
    await session.client.until(() => session.client.codesOf(autoIndex).includes('index-missing-file') && session.client.codesOf(projectIndex).includes('index-missing-file'), 'both indexes checked');
    assert.ok(session.client.codesOf(autoIndex).includes('index-over-budget'), 'auto memory is cut at 200 lines');
    assert.ok(!session.client.codesOf(projectIndex).includes('index-over-budget'), 'an imported index loads whole');
  });
});
