// Entry point of the restricted-mode suite: the extension host loads it as extensionTestsPath in an
// untrusted window over a hostile repository (scripts/vscode/runRestrictedSuite.mjs).
import { runMochaSuite } from '../integration/index';

export async function run(): Promise<void> {
  await runMochaSuite(__dirname, 'restricted-mode');
}
