import { join } from 'node:path';
import { RuleTester, type Linter } from 'eslint';

// The rule is plain CommonJS so that eslint.config.mjs and this test load the same file;
// typescript-eslint's types need a newer moduleResolution than the project's.
/* eslint-disable @typescript-eslint/no-require-imports */
const { layers } = require('../../../../scripts/lint/layers.cjs') as { layers: Parameters<RuleTester['run']>[1] };
const tsParser = (require('typescript-eslint') as { parser: Linter.Parser }).parser;
/* eslint-enable @typescript-eslint/no-require-imports */

const at = (file: string): string => join(process.cwd(), ...file.split('/'));
const tester = new RuleTester({ languageOptions: { parser: tsParser } });

describe('the layering lint rule', () => {
  tester.run('project/layers', layers, {
    valid: [
      { filename: at('src/cli/main.ts'), code: "import { x } from '../history'; import { y } from '../rootLocations/autoMemory'; import { z } from '../reader'; import { w } from './format'; import { v } from '../core';" },
      { filename: at('src/reader/workspaceFsHost.ts'), code: "import * as vscode from 'vscode'; import { x } from './readerHost';" },
      { filename: at('src/core/rules/names/nameSlugRule.ts'), code: "import { x } from '../../memoryFile'; import YAML from 'yaml'; import { y } from '../shared/makeProblem'; import { z } from '../relativeDate/relativeDateRule';" },
      { filename: at('src/core/rules/shared/ruleList.ts'), code: "import { NAME_CODES } from '../names/codes'; import type { RuleFamily } from '../../ruleRecord';" },
      { filename: at('src/core/rules/engine/problemEngine.ts'), code: "import { x } from '../names/nameSlugRule'; import { y } from '../shared/ruleContext'; import { z } from '../../conventions';" },
      { filename: at('src/core/operations/rename.ts'), code: "import { x } from '../rules/engine/problemEngine'; import { y } from '../edits/fieldEdits';" },
      { filename: at('src/core/index.ts'), code: "export * from './operations/index'; export * from './rules/engine/problemEngine';" },
      { filename: at('src/features/links/hover.ts'), code: "import { x } from './linkUi'; import { y } from '../../workspace/services'; import { z } from '../../core'; import { Commands } from '../../commands';" },
      { filename: at('src/workspace/roots/memoryRoots.ts'), code: "import { x } from '../../rootLocations/nodeRootsHost'; import { ContextKeys } from '../../commands';" },
      { filename: at('src/extension.ts'), code: "import { registerLinks } from './features/links/registerLinks';" },
      { filename: at('src/extension.ts'), code: "import { registerMemoryEditor, type MemoryEditors } from './features/editor/registerMemoryEditor'; import type { BacklinksProvider } from './features/links/backlinksView';" },
      { filename: at('src/features/links/registerLinks.ts'), code: "import type { Services } from '../../workspace/services'; export function registerLinks(services: Services, extra: number): void {}" },
      { filename: at('src/features/links/registerLinks.ts'), code: "export const registerStub = (services: Services): void => undefined; export function linkTitle(name: string): string { return name; }" },
      { filename: at('src/lsp/settings.ts'), code: "import { readSettings } from '../language/settings'; import { x } from '../core'; import { y } from '../reader'; import { z } from '../rootLocations/agentMemory'; import { c } from 'vscode-languageserver/node';" },
      { filename: at('src/language/rootSession.ts'), code: "import { x } from '../core'; import { y } from '../reader'; import { z } from '../rootLocations/agentMemory'; import { w } from './settings';" },
      { filename: at('src/cli/checkRoot.ts'), code: "import { newProblemEngine } from '../language/engineOptions';" },
      { filename: at('src/workspace/config/configuration.ts'), code: "import { readSettings } from '../../language/settings';" },
    ],
    invalid: [
      { filename: at('src/reader/rootReader.ts'), code: "import { x } from '../rootLocations/autoMemory';", errors: [{ message: 'src/reader may import only src/core: src/rootLocations is above it.' }] },
      { filename: at('src/rootLocations/autoMemory.ts'), code: "import { x } from '../history/history';", errors: [{ message: 'src/rootLocations may import only src/core, src/reader: src/history is above it.' }] },
      { filename: at('src/history/history.ts'), code: "import { x } from '../cli/format'; import * as vscode from 'vscode';", errors: [{ message: 'src/history may import only src/core, src/reader, src/rootLocations: src/cli is above it.' }, { message: 'src/history runs without VS Code: it may not import "vscode".' }] },
      { filename: at('src/cli/main.ts'), code: "import { x } from '../workspace/log';", errors: [{ message: 'src/cli may import only src/core, src/reader, src/rootLocations, src/language, src/history: src/workspace is above it.' }] },
      {
        filename: at('src/language/rootSession.ts'),
        code: "import * as vscode from 'vscode'; import { c } from 'vscode-languageserver/node'; import { x } from '../lsp/server'; import { y } from '../cli/checkRoot'; import { z } from '../workspace/config/configuration';",
        errors: [
          { message: 'src/language runs without VS Code: it may not import "vscode".' },
          { message: 'src/language answers in core\'s types: it may not import "vscode-languageserver/node" (the language server converts).' },
          { message: 'src/language may import only src/core, src/reader, src/rootLocations: src/lsp is above it.' },
          { message: 'src/language may import only src/core, src/reader, src/rootLocations: src/cli is above it.' },
          { message: 'src/language may import only src/core, src/reader, src/rootLocations: src/workspace is above it.' },
        ],
      },
      { filename: at('src/lsp/settings.ts'), code: "import { readSettings } from '../workspace/config/settings';", errors: [{ message: 'src/lsp runs without VS Code: it may not import src/workspace (move what it needs below the VS Code line: src/language).' }] },
      { filename: at('src/lsp/server.ts'), code: "import * as vscode from 'vscode';", errors: [{ message: 'src/lsp runs without VS Code: it may not import "vscode".' }] },
      {
        filename: at('src/lsp/server.ts'),
        code: "import { x } from '../workspace/problems/toDiagnostic'; import type { y } from '../features/links/linkUi';",
        errors: [
          { message: 'src/lsp runs without VS Code: it may not import src/workspace (move what it needs below the VS Code line: src/language).' },
          { message: 'src/lsp runs without VS Code: it may not import src/features (move what it needs below the VS Code line: src/language).' },
        ],
      },
      { filename: at('src/core/memoryStore.ts'), code: "import * as vscode from 'vscode';", errors: [{ message: 'src/core is pure: it may not import "vscode".' }] },
      { filename: at('src/core/rules/engine/problemEngine.ts'), code: "export * from '../../../workspace/log';", errors: [{ message: 'src/core may import only src/core, not workspace.' }] },
      {
        filename: at('src/core/memoryStore.ts'),
        code: "import { x } from './operations/rename';",
        errors: [{ message: 'Inside src/core, model may not import operations: move what both need down a level (model <- rules/shared <- rule families <- rules/engine <- operations).' }],
      },
      {
        filename: at('src/core/edits/memoryStub.ts'),
        code: "import { x } from '../rules/names/nameSlugRule';",
        errors: [{ message: 'Inside src/core, model may not import rules/family: move what both need down a level (model <- rules/shared <- rule families <- rules/engine <- operations).' }],
      },
      {
        filename: at('src/core/rules/names/nameSlugRule.ts'),
        code: "import { x } from '../engine/problemEngine';",
        errors: [{ message: 'Inside src/core, rules/family may not import rules/engine: move what both need down a level (model <- rules/shared <- rule families <- rules/engine <- operations).' }],
      },
      // A family's codes.ts is data on the model: the rule list below the families is built from it, so it reads none of their rules.
      {
        filename: at('src/core/rules/names/codes.ts'),
        code: "import { x } from '../shared/makeProblem'; import { y } from './nameSlugRule';",
        errors: [
          { message: 'Inside src/core, rules/codes may not import rules/shared: move what both need down a level (model <- rules/shared <- rule families <- rules/engine <- operations).' },
          { message: 'Inside src/core, rules/codes may not import rules/family: move what both need down a level (model <- rules/shared <- rule families <- rules/engine <- operations).' },
        ],
      },
      {
        filename: at('src/core/rules/shared/makeProblem.ts'),
        code: "import { x } from '../names/slug';",
        errors: [{ message: 'Inside src/core, rules/shared may not import rules/family: move what both need down a level (model <- rules/shared <- rule families <- rules/engine <- operations).' }],
      },
      {
        filename: at('src/core/rules/relativeDate/relativeDateRule.ts'),
        code: "import { x } from '../../operations/conventions';",
        errors: [{ message: 'Inside src/core, rules/family may not import operations: move what both need down a level (model <- rules/shared <- rule families <- rules/engine <- operations).' }],
      },
      {
        filename: at('src/features/links/backlinksView.ts'),
        code: "import { typeIcon } from '../tree/typeIcons';",
        errors: [{ message: 'A feature may not import another feature (links → tree): move what both need into src/workspace.' }],
      },
      { filename: at('src/features/tree/memoryTreeProvider.ts'), code: "import { x } from '../localized';", errors: [{ message: 'Shared code belongs in src/workspace, not loose in src/features.' }] },
      { filename: at('src/features/tree/memoryTreeProvider.ts'), code: "import { x } from '../../reader';", errors: [{ message: 'Features reach src/reader through src/workspace.' }] },
      { filename: at('src/workspace/services.ts'), code: "import { registerLinks } from '../features/links/registerLinks';", errors: [{ message: 'src/workspace holds the services features are built on: it may not import a feature.' }] },
      {
        filename: at('src/features/indexLens/registerIndexLens.ts'),
        code: "export function registerIndexLens(deps: IndexLensDeps): void {}",
        errors: [{ message: "registerIndexLens is a feature's register function: its first parameter is the services (registerIndexLens(services: Services, ...))." }],
      },
      {
        filename: at('src/features/tree/revealInTree.ts'),
        code: "export const registerRevealInTree = (): void => undefined;",
        errors: [{ message: "registerRevealInTree is a feature's register function: its first parameter is the services (registerRevealInTree(services: Services, ...))." }],
      },
      {
        filename: at('src/extension.ts'),
        code: "import { indexLensDeps } from './features/indexLens/currentServices';",
        errors: [{ message: 'A feature is entered through its register function: import only registerX (and types) from src/features/indexLens.' }],
      },
    ],
  });
});
