import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MemoryShelfApi } from '../../src/extension';
import type { MemoryRoot } from '../../src/workspace/roots/memoryRoot';
import { activateExtension, eventually, findItem, visibleTree, workspaceUri } from './helpers';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Every file under a folder, by path relative to it, with its bytes. */
async function snapshot(folder: vscode.Uri): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  const visit = async (uri: vscode.Uri, prefix: string): Promise<void> => {
    for (const [name, type] of await vscode.workspace.fs.readDirectory(uri)) {
      const child = vscode.Uri.joinPath(uri, name);
      if (type & vscode.FileType.Directory) await visit(child, `${prefix}${name}/`);
      else files.set(`${prefix}${name}`, await vscode.workspace.fs.readFile(child));
    }
  };
  await visit(folder, '');
  return files;
}

/** Puts a folder back as `saved` holds it: files added since are deleted, changed ones rewritten. */
async function restore(folder: vscode.Uri, saved: Map<string, Uint8Array>): Promise<void> {
  const now = await snapshot(folder);
  for (const path of now.keys()) {
    if (!saved.has(path)) await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder, ...path.split('/')));
  }
  for (const [path, bytes] of saved) {
    const current = now.get(path);
    if (!current || Buffer.compare(Buffer.from(current), Buffer.from(bytes)) !== 0) await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, ...path.split('/')), bytes);
  }
  // VS Code reloads a clean document from disk when its watcher reports the write, which it can miss
  // after the folder was renamed away and back (Create Memory Folder's suite does): an edit planned
  // against such a stale copy is rightly refused, so the copy is reloaded here, as a person would.
  for (const document of vscode.workspace.textDocuments) {
    if (document.isDirty || !document.uri.path.startsWith(`${folder.path}/`)) continue;
    const bytes = saved.get(document.uri.path.slice(folder.path.length + 1));
    if (!bytes || document.getText() === new TextDecoder().decode(bytes).replace(/^\uFEFF/, '')) continue;
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  }
}

/**
 * Reverts and closes every editor, so no test leaves unsaved text (or a save prompt) behind. Clean
 * documents under `folder` are reverted too: a model VS Code kept after a file was replaced behind its
 * back (another suite moves memory/ away and back) would otherwise hold stale text.
 */
async function closeEverything(folder: vscode.Uri): Promise<void> {
  for (const document of vscode.workspace.textDocuments) {
    if (!document.isDirty && !document.uri.path.startsWith(`${folder.path}/`)) continue;
    if (document.uri.scheme !== folder.scheme) continue;
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

/** Saves what an applied edit left unsaved, as VS Code's rename does with files.refactoring.autoSave. */
async function saveDirty(): Promise<void> {
  for (const document of vscode.workspace.textDocuments) if (document.isDirty) await document.save();
}

async function text(uri: vscode.Uri): Promise<string> {
  return decoder.decode(await vscode.workspace.fs.readFile(uri));
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  return vscode.workspace.fs.stat(uri).then(() => true, () => false);
}

/** The position inside the first occurrence of `needle`, `offset` characters in. */
function positionOf(document: vscode.TextDocument, needle: string, offset = 3): vscode.Position {
  const index = document.getText().indexOf(needle);
  assert.ok(index >= 0, `"${needle}" is in ${document.uri.path}`);
  return document.positionAt(index + offset);
}

function hoverText(hovers: vscode.Hover[]): string {
  return hovers.flatMap((hover) => hover.contents).map((content) => (typeof content === 'string' ? content : content.value)).join('\n');
}

/** Runs a document link's command target as Ctrl+click does. */
async function follow(link: vscode.DocumentLink): Promise<unknown> {
  assert.ok(link.target, 'the link has a target');
  assert.equal(link.target.scheme, 'command');
  const args = JSON.parse(decodeURIComponent(link.target.query)) as unknown[];
  return vscode.commands.executeCommand(link.target.path, ...args);
}

async function documentLinkAt(uri: vscode.Uri, position: vscode.Position): Promise<vscode.DocumentLink> {
  const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', uri);
  const link = links.find((candidate) => candidate.range.contains(position) && candidate.target?.scheme === 'command');
  assert.ok(link, `a command link at ${position.line}:${position.character}; found ${links.map((l) => l.target?.toString()).join(', ')}`);
  return link;
}

describe('[[links]]', () => {
  let api: MemoryShelfApi;
  let saved: Map<string, Uint8Array>;
  const memoryFolder = (): vscode.Uri => workspaceUri('memory');
  const root = (): MemoryRoot => {
    const found = api.roots.roots.find((candidate) => candidate.uri.toString() === memoryFolder().toString());
    assert.ok(found, 'the memory root is loaded');
    return found;
  };
  /** Waits until the store holds exactly the files on disk again. */
  const storeMatchesDisk = async (): Promise<void> => {
    const files = await snapshot(memoryFolder());
    await eventually(() => {
      const store = root().store;
      const memories = [...files.keys()].filter((path) => path !== 'MEMORY.md');
      assert.deepEqual([...store.memories()].map((memory) => memory.path).sort(), memories.sort());
      for (const path of memories) assert.equal(store.get(path)?.text, decoder.decode(files.get(path)!).replace(/^\uFEFF/, ''), path);
      assert.equal(store.index?.text, decoder.decode(files.get('MEMORY.md')!));
    });
  };

  before(async () => {
    api = await activateExtension();
    await closeEverything(memoryFolder());
    saved = await snapshot(memoryFolder());
  });

  afterEach(async () => {
    await closeEverything(memoryFolder());
    const config = vscode.workspace.getConfiguration('memoryShelf');
    await config.update('rename.renameFile', undefined, vscode.ConfigurationTarget.Global);
    await config.update('templatesFolder', undefined, vscode.ConfigurationTarget.Global);
    await restore(memoryFolder(), saved);
    await vscode.workspace.fs.delete(workspaceUri('templates'), { recursive: true }).then(undefined, () => undefined);
    await storeMatchesDisk();
  });

  it('goes to the definition of a link, and offers a command link (not a definition) for a dangling one', async () => {
    await storeMatchesDisk();
    const profile = await vscode.workspace.openTextDocument(workspaceUri('memory', 'user_profile.md'));
    const definitions = await vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>(
      'vscode.executeDefinitionProvider', profile.uri, positionOf(profile, '[[feedback-math-notation]]'),
    );
    assert.equal(definitions.length, 1);
    const [definition] = definitions as vscode.LocationLink[];
    assert.equal(definition.targetUri.toString(), workspaceUri('memory', 'feedback_math_notation.md').toString());
    assert.equal(definition.targetSelectionRange?.start.line, 1);
    assert.equal(profile.getText(definition.originSelectionRange), '[[feedback-math-notation]]');

    const math = await vscode.workspace.openTextDocument(workspaceUri('memory', 'feedback_math_notation.md'));
    const dangling = positionOf(math, '[[feedback-report-writing]]');
    assert.deepEqual(await vscode.commands.executeCommand('vscode.executeDefinitionProvider', math.uri, dangling), []);
    const link = await documentLinkAt(math.uri, dangling);
    assert.equal(link.target?.path, '_memoryShelf.openLink');
  });

  it('creates the stub a dangling link reserves: file name, frontmatter shape, inferred type, template and index line, byte for byte', async () => {
    await storeMatchesDisk();
    const indexBefore = await text(workspaceUri('memory', 'MEMORY.md'));
    const math = await vscode.window.showTextDocument(workspaceUri('memory', 'feedback_math_notation.md'));
    const link = await documentLinkAt(math.document.uri, positionOf(math.document, '[[feedback-report-writing]]'));
    const created = await follow(link) as vscode.Uri | undefined;

    const stub = workspaceUri('memory', 'feedback_report_writing.md');
    assert.equal(created?.toString(), stub.toString());
    assert.equal(await text(stub), [
      '---',
      'name: feedback-report-writing',
      'description: ',
      'metadata:',
      '  type: feedback',
      '---',
      '# feedback-report-writing',
      '',
      '## What was corrected',
      '',
      '## How to do it',
      '',
      '## Why',
      '',
    ].join('\n'));
    assert.equal(
      await text(workspaceUri('memory', 'MEMORY.md')),
      indexBefore.replace('shared team conventions\n', 'shared team conventions\n- [feedback-report-writing](feedback_report_writing.md)\n'),
    );
    const editor = vscode.window.activeTextEditor;
    assert.equal(editor?.document.uri.toString(), stub.toString());
    assert.deepEqual([editor!.selection.active.line, editor!.selection.active.character], [2, 13]);
    assert.equal(editor!.document.isDirty, false);
    assert.equal(vscode.workspace.textDocuments.find((document) => document.uri.path.endsWith('/memory/MEMORY.md'))?.isDirty ?? false, false);

    // The reservation is now a memory: the tree's Reservations group goes, the feedback group grows.
    await eventually(async () => {
      const groups = findItem(await visibleTree(api), 'memory').children;
      assert.equal(groups.some((group) => group.label === 'Reservations'), false);
      // Named like its file, with no heading or description yet: shown by the file's topic in words.
      assert.ok(findItem(groups, 'feedback').children.some((item) => item.label === 'Report writing'));
    });
  });

  it('asks for the type a name does not announce, and fills the user’s template from the templates folder', async () => {
    await storeMatchesDisk();
    await vscode.workspace.fs.writeFile(workspaceUri('templates', 'user.md'), encoder.encode('# {{name}}\n\nWho: \nSince: \n'));
    await vscode.workspace.getConfiguration('memoryShelf').update('templatesFolder', 'templates', vscode.ConfigurationTarget.Global);
    const creating = vscode.commands.executeCommand<vscode.Uri | undefined>('memoryShelf.createReservedMemory', { root: root().uri.toString(), name: 'lab-partner' });
    let done = false;
    void creating.then(() => (done = true), () => (done = true));
    // The quick pick lists the configured types in order; accepting takes the first, `user`.
    await eventually(async () => {
      if (!done) await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      assert.ok(done);
    });
    const created = await creating;
    assert.equal(created?.toString(), workspaceUri('memory', 'lab_partner.md').toString());
    assert.equal(await text(created!), '---\nname: lab-partner\ndescription: \nmetadata:\n  type: user\n---\n# lab-partner\n\nWho: \nSince: \n');
    assert.match(await text(workspaceUri('memory', 'MEMORY.md')), /\n- \[lab-partner\]\(lab_partner\.md\)\n$/);
  });

  it('completes [[ with memory names, their types and descriptions, and the reservations', async () => {
    await storeMatchesDisk();
    const editor = await vscode.window.showTextDocument(workspaceUri('memory', 'notes_untyped.md'));
    const end = editor.document.lineAt(editor.document.lineCount - 1).range.end;
    await editor.edit((edit) => edit.insert(end, 'See [[fe'));
    const position = editor.document.lineAt(editor.document.lineCount - 1).range.end;
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', editor.document.uri, position, '[');
    const byLabel = new Map(list.items.map((item) => [typeof item.label === 'string' ? item.label : item.label.label, item]));
    const math = byLabel.get('feedback-math-notation');
    assert.ok(math, `memory names are offered; got ${[...byLabel.keys()].join(', ')}`);
    assert.equal((math.label as vscode.CompletionItemLabel).description, 'feedback');
    assert.equal(math.detail, 'Math notation');
    assert.match((math.documentation as vscode.MarkdownString).value, /LaTeX/);
    assert.equal(math.insertText, 'feedback-math-notation]]');
    for (const name of ['user-profile', 'reference-lab-drive', 'project-team-rules', 'feedback-no-data-fabrication']) assert.ok(byLabel.has(name), name);
    assert.equal(byLabel.has('notes-untyped'), false, 'a memory is not offered a link to itself');
    const reservation = byLabel.get('feedback-report-writing');
    assert.ok(reservation, 'the reservation is offered');
    assert.equal(reservation.kind, vscode.CompletionItemKind.Issue);
    assert.equal(reservation.detail, 'Reserved by 1 memory, not written yet');
  });

  it('shows the target on hover: title, type, description, first lines, backlinks; a dangling link offers to create it', async () => {
    await storeMatchesDisk();
    const profile = await vscode.workspace.openTextDocument(workspaceUri('memory', 'user_profile.md'));
    const hover = hoverText(await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', profile.uri, positionOf(profile, '[[feedback-math-notation]]')));
    assert.match(hover, /\*\*Math notation\*\* · feedback/);
    assert.ok(hover.includes('LaTeX \\(\\$\\$\\.\\.\\.\\$\\$\\) does not render here, so write formulas in Unicode \\(x², √, ≤\\)\\.'), hover);
    assert.match(hover, /```markdown\nWhy: the viewer shows \$\$ literally\. Style rules: \[\[feedback-report-writing\]\]\.\n```/);
    assert.match(hover, /\$\(references\) 1 memory links here · `feedback_math_notation\.md`/);

    const math = await vscode.workspace.openTextDocument(workspaceUri('memory', 'feedback_math_notation.md'));
    const dangling = hoverText(await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', math.uri, positionOf(math, '[[feedback-report-writing]]')));
    assert.match(dangling, /\*\*feedback\\-report\\-writing\*\*/);
    assert.match(dangling, /\[Reserved by 1 memory — click to create\]\(command:memoryShelf\.createReservedMemory\?/);
  });

  it('renames a memory from a link: its name, its file, every link in three files (alias and heading kept) and its index entry', async () => {
    await storeMatchesDisk();
    await vscode.workspace.getConfiguration('memoryShelf').update('rename.renameFile', 'always', vscode.ConfigurationTarget.Global);
    const notes = workspaceUri('memory', 'project_lab_notes.md');
    await vscode.workspace.fs.writeFile(notes, encoder.encode('---\nname: project-lab-notes\ndescription: Where the lab notes go.\ntype: project\n---\nRaw data: [[reference-lab-drive|the drive]], layout in [[Reference_Lab_Drive#Folders]].\n'));
    await eventually(() => assert.equal(root().store.get('project_lab_notes.md')?.links.length, 2));

    const docx = await vscode.workspace.openTextDocument(workspaceUri('memory', 'project_docx_delivery.md'));
    const position = positionOf(docx, '[[reference-lab-drive]]', 5);
    const prepared = await vscode.commands.executeCommand<{ range: vscode.Range; placeholder: string }>('vscode.prepareRename', docx.uri, position);
    assert.equal(prepared.placeholder, 'reference-lab-drive');
    assert.equal(docx.getText(prepared.range), 'reference-lab-drive');

    const edit = await vscode.commands.executeCommand<vscode.WorkspaceEdit>('vscode.executeDocumentRenameProvider', docx.uri, position, 'reference-lab-share');
    assert.deepEqual(edit.entries().map(([uri]) => uri.path.split('/memory/')[1]).sort(), ['MEMORY.md', 'project_docx_delivery.md', 'project_lab_notes.md', 'reference_lab_share.md']);
    assert.ok(await vscode.workspace.applyEdit(edit));
    await saveDirty();

    assert.equal(await exists(workspaceUri('memory', 'reference_lab_drive.md')), false);
    assert.equal(await text(workspaceUri('memory', 'reference_lab_share.md')), decoder.decode(saved.get('reference_lab_drive.md')!).replace('name: reference-lab-drive', 'name: reference-lab-share'));
    assert.equal(await text(workspaceUri('memory', 'project_docx_delivery.md')), decoder.decode(saved.get('project_docx_delivery.md')!).replace('[[reference-lab-drive]]', '[[reference-lab-share]]'));
    assert.equal(await text(notes), '---\nname: project-lab-notes\ndescription: Where the lab notes go.\ntype: project\n---\nRaw data: [[reference-lab-share|the drive]], layout in [[reference-lab-share#Folders]].\n');
    // The index keeps its human title and follows the file: exactly one change, not one per listener.
    assert.equal(await text(workspaceUri('memory', 'MEMORY.md')), decoder.decode(saved.get('MEMORY.md')!).replace('[Lab drive](reference_lab_drive.md)', '[Lab drive](reference_lab_share.md)'));
    await eventually(() => {
      const share = root().store.get('reference_lab_share.md');
      assert.ok(share);
      assert.equal(root().store.backlinks(share).length, 3);
      assert.deepEqual(root().store.reservations().map((reservation) => reservation.name), ['feedback-report-writing']);
    });
  });

  it('keeps MEMORY.md pointing at a memory renamed or moved in the Explorer', async () => {
    await storeMatchesDisk();
    const edit = new vscode.WorkspaceEdit();
    edit.renameFile(workspaceUri('memory', 'feedback_no_data_fabrication.md'), workspaceUri('memory', 'team', 'feedback_no_fabrication.md'));
    assert.ok(await vscode.workspace.applyEdit(edit));
    // The entry follows the file, and the index is saved with it (it had no unsaved changes before).
    await eventually(async () => assert.equal(
      await text(workspaceUri('memory', 'MEMORY.md')),
      decoder.decode(saved.get('MEMORY.md')!).replace('](feedback_no_data_fabrication.md)', '](team/feedback_no_fabrication.md)'),
    ));
    assert.equal(await exists(workspaceUri('memory', 'team', 'feedback_no_fabrication.md')), true);
    await eventually(() => assert.equal(root().store.indexEntriesFor('team/feedback_no_fabrication.md').length, 1));
  });

  it('refuses a name that would leave the memory folder, writing nothing', async () => {
    await storeMatchesDisk();
    const sneaky = workspaceUri('memory', 'project_sneaky.md');
    await vscode.workspace.fs.writeFile(sneaky, encoder.encode('---\nname: project-sneaky\ndescription: d\ntype: project\n---\nSee [[../outside]] and [[..\\..\\escape]].\n'));
    await eventually(() => assert.equal(root().store.get('project_sneaky.md')?.links.length, 2));
    const before = await snapshot(workspaceUri());
    const document = await vscode.workspace.openTextDocument(sneaky);
    for (const needle of ['[[../outside]]', '[[..\\..\\escape]]']) {
      const created = await follow(await documentLinkAt(document.uri, positionOf(document, needle)));
      assert.equal(created, undefined);
    }
    assert.equal(await exists(workspaceUri('outside.md')), false);
    assert.deepEqual([...(await snapshot(workspaceUri())).keys()].sort(), [...before.keys()].sort());

    const profile = await vscode.workspace.openTextDocument(workspaceUri('memory', 'user_profile.md'));
    // The rename is refused with a message and no edit (not handed on to Markdown's rename provider).
    for (const newName of ['../../escape', 'team/escape', 'NUL', 'C:\\escape']) {
      const refused = await vscode.commands.executeCommand<vscode.WorkspaceEdit>('vscode.executeDocumentRenameProvider', profile.uri, positionOf(profile, '[[feedback-math-notation]]'), newName);
      assert.equal(refused.size, 0, newName);
    }
    assert.deepEqual([...(await snapshot(workspaceUri())).keys()].sort(), [...before.keys()].sort());
  });

  it('lists every link to a memory (Shift+F12) and shows them in the Backlinks view', async () => {
    await storeMatchesDisk();
    const math = await vscode.window.showTextDocument(workspaceUri('memory', 'feedback_math_notation.md'));
    const references = await vscode.commands.executeCommand<vscode.Location[]>('vscode.executeReferenceProvider', math.document.uri, positionOf(math.document, 'feedback-math-notation', 2));
    assert.deepEqual(references.map((location) => [location.uri.path.split('/memory/')[1], location.range.start.line]).sort(), [['feedback_math_notation.md', 1], ['user_profile.md', 8]]);
    await eventually(async () => {
      const nodes = api.backlinks.getChildren();
      assert.deepEqual(nodes.map((node) => {
        const item = api.backlinks.getTreeItem(node);
        return [item.label, item.description];
      }), [['사용자 프로필', '물리학과 학부 2학년. [[feedback-math-notation]]을 따른다.']]);
    });
  });

  it('lists a memory\'s links from its MEMORY.md entry too (Shift+F12), each place once beside Markdown\'s own references', async () => {
    await storeMatchesDisk();
    const index = await vscode.window.showTextDocument(workspaceUri('memory', 'MEMORY.md'));
    const references = await vscode.commands.executeCommand<vscode.Location[]>('vscode.executeReferenceProvider', index.document.uri, positionOf(index.document, 'feedback_math_notation.md)', 3));
    const places = references.map((location) => `${location.uri.path.split('/memory/')[1]}:${location.range.start.line}:${location.range.start.character}`);
    assert.deepEqual(places.filter((place, at) => places.indexOf(place) !== at), [], `no place twice: ${places.join(', ')}`);
    const lines = references.map((location) => `${location.uri.path.split('/memory/')[1]}:${location.range.start.line}`);
    for (const expected of ['feedback_math_notation.md:1', 'user_profile.md:8']) assert.ok(lines.includes(expected), `${expected} in ${lines.join(', ')}`);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('shows the reservations of a root last in the tree, with the memories that reserve each', async () => {
    await storeMatchesDisk();
    // "To review" (files earlier suites wrote on disk) follows; the reservations end the memory groups.
    const groups = findItem(await visibleTree(api), 'memory').children.filter((group) => group.label !== 'To review');
    const reservations = groups.at(-1)!;
    assert.deepEqual([reservations.label, reservations.description], ['Reservations', '1']);
    assert.deepEqual(reservations.children.map((item) => [item.label, item.description]), [['feedback-report-writing', 'reserved by 1 memory']]);
    assert.deepEqual(reservations.children[0].children.map((item) => [item.label, item.description]), [['Math notation', 'feedback_math_notation.md']]);
  });
});
