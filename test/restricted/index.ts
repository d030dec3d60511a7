// Entry point of the restricted-mode suite: the extension host loads it as extensionTestsPath in an
// untrusted window over a hostile repository (scripts/vscode/runRestrictedSuite.mjs).
import * as fs from 'fs';
import * as path from 'path';
import Mocha from 'mocha';

export async function run(): Promise<void> {
  const grep = process.env.MEMORY_SHELF_GREP;
  const mocha = new Mocha({ ui: 'bdd', timeout: 20_000, color: false, reporter: 'spec', ...(grep ? { grep } : {}) });
  for (const file of fs.readdirSync(__dirname).filter((f) => f.endsWith('.test.js')).sort()) mocha.addFile(path.join(__dirname, file));
  const { passes, failures } = await new Promise<{ passes: number; failures: number }>((resolve, reject) => {
    try {
      const runner = mocha.run(() => resolve({ passes: runner.stats?.passes ?? 0, failures: runner.stats?.failures ?? 0 }));
    } catch (err) {
      reject(err);
    }
  });
  // The runner reads this exact closing line.
  console.log(`${passes} passed, ${failures} failed`);
  if (failures > 0) throw new Error(`${failures} restricted-mode test(s) failed`);
}
