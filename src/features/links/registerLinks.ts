import * as vscode from 'vscode';
import type { Services } from '../../workspace/services';
import { registerBacklinksView, type BacklinksProvider } from './backlinksView';
import { registerCompletion } from './completion';
import { registerCreateStub } from './createStub';
import { registerHover } from './hover';
import { registerLinkReservation } from './linkReservation';
import { registerNavigation } from './navigation';
import { registerNewMemory } from './newMemory';
import { registerNewMemoryInView } from './newMemoryInView';
import { registerReferences } from './references';
import { registerRename } from './rename';

/** Every `[[link]]` feature; carries the Backlinks provider, for tests to read the view. */
export function registerLinks(services: Services): vscode.Disposable & { readonly backlinks: BacklinksProvider } {
  const backlinks = registerBacklinksView(services);
  const disposable = vscode.Disposable.from(
    registerCreateStub(services),
    registerNewMemory(services),
    registerNewMemoryInView(services),
    registerNavigation(services),
    registerCompletion(services),
    registerHover(services),
    registerLinkReservation(services),
    registerRename(services),
    registerReferences(services),
    backlinks,
  );
  return Object.assign(disposable, { backlinks: backlinks.provider });
}
