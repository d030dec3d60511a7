import * as vscode from 'vscode';
import { nameRange as coreNameRange, probableTarget, type MemoryFile } from '../../core';
import { Commands } from '../../commands';
import { createMemoryLanguage } from '../../language/memoryLanguage';
import { wholeFile } from '../../language/navigation';
import { fromVsPosition, toVsRange } from '../../workspace/display/ranges';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';
import type { Services } from '../../workspace/services';
import type { CreateStubArgs } from './createStub';
import { MEMORY_SELECTOR, memoryTitle, openAt } from './linkUi';

interface OpenLinkArgs {
  /** The document the link is in. */
  readonly source: string;
  readonly target: string;
}

/**
 * Following `[[links]]`: the language layer's answers with the URIs and commands of VS Code. A resolved
 * link is a definition (F12, Ctrl+click, peek). A definition provider cannot create files or ask
 * questions, so dangling and ambiguous links are document links instead, whose target is a command:
 * Ctrl+click on them creates the stub or offers the candidates. Keeping the two apart means one click
 * never triggers both; for the same reason a MEMORY.md entry, whose Markdown link VS Code's Markdown
 * support already follows, is no definition here.
 */
export function registerNavigation(services: Services): vscode.Disposable {
  const language = createMemoryLanguage();
  return vscode.Disposable.from(
    vscode.commands.registerCommand(Commands.openLink, (args?: OpenLinkArgs) => (args ? openLink(services, args) : undefined)),
    vscode.languages.registerDefinitionProvider(MEMORY_SELECTOR, {
      provideDefinition(document, position, token) {
        const current = services.documents.current(document);
        const targets = current && language.definition(current.root, current.path, document.getText(), fromVsPosition(position));
        if (!current || targets?.from !== 'link' || token.isCancellationRequested) return undefined;
        return targets.memories.map((target): vscode.LocationLink => ({
          originSelectionRange: toVsRange(targets.range),
          targetUri: current.root.uriOf(target.path),
          targetRange: toVsRange(wholeFile(target)),
          targetSelectionRange: nameRange(target),
        }));
      },
    }),
    vscode.languages.registerDocumentLinkProvider(MEMORY_SELECTOR, {
      provideDocumentLinks(document, token) {
        const current = services.documents.current(document);
        if (!current || token.isCancellationRequested) return [];
        return language.unresolvedLinks(current.root, current.path, document.getText()).map((link) => {
          const args: OpenLinkArgs = { source: document.uri.toString(), target: link.target };
          const documentLink = new vscode.DocumentLink(
            toVsRange(link.range),
            vscode.Uri.parse(`command:${Commands.openLink}?${encodeURIComponent(JSON.stringify([args]))}`),
          );
          documentLink.tooltip = link.kind === 'ambiguous'
            ? vscode.l10n.t('Choose among {0} memories named "{1}"', link.candidates, link.target)
            : link.meant
              ? vscode.l10n.t('Link to "{0}", which exists, or create a new memory', link.meant.title)
              : vscode.l10n.t('Create the memory "{0}"', link.target);
          return documentLink;
        });
      },
    }),
  );
}

/** Opens what a link points at: the memory, a choice among several, or a new stub. */
async function openLink(services: Services, args: OpenLinkArgs): Promise<vscode.Uri | undefined> {
  const found = services.roots.rootOf(vscode.Uri.parse(args.source));
  if (!found) return undefined;
  const { root } = found;
  const resolution = root.store.resolveLink(args.target);
  if (resolution.status === 'dangling') {
    const create: CreateStubArgs = { root: root.uri.toString(), name: args.target };
    // A memory that exists under another file name is offered first: a click must not make its duplicate.
    if (probableTarget(args.target, root.store)) return vscode.commands.executeCommand<vscode.Uri | undefined>(Commands.resolveReservation, create);
    return vscode.commands.executeCommand<vscode.Uri | undefined>(Commands.createReservedMemory, create);
  }
  const target = resolution.status === 'resolved' ? resolution.targets[0] : await pickCandidate(root, args.target, resolution.targets);
  if (!target) return undefined;
  const uri = root.uriOf(target.path);
  await openAt(uri, nameRange(target));
  return uri;
}

async function pickCandidate(root: MemoryRoot, target: string, candidates: readonly MemoryFile[]): Promise<MemoryFile | undefined> {
  const picked = await vscode.window.showQuickPick(
    candidates.map((memory) => ({ label: memoryTitle(root, memory), description: memory.path, detail: memory.description, memory })),
    { placeHolder: vscode.l10n.t('{0} memories answer to "{1}": which one?', candidates.length, target), matchOnDescription: true },
  );
  return picked?.memory;
}

/** Where a link lands in its target: the `name` value, or the top of the file. */
function nameRange(memory: MemoryFile): vscode.Range {
  return toVsRange(coreNameRange(memory));
}
