// Runs the integration suite in a downloaded desktop VS Code (`npm run test:electron`), for machines
// that can download it. This offline machine uses scripts/vscode/runSuite.mjs (code-server) instead;
// both load the same out/test/integration/index.js.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runTests } from '@vscode/test-electron';

async function main(): Promise<void> {
  const root = path.resolve(__dirname, '..', '..');
  const fixture = path.join(root, 'test', 'fixtures', 'workspace');
  // A copy, so tests that write files never dirty the repo.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'memory-shelf-electron-'));
  const workspace = path.join(tmp, 'workspace');
  if (fs.existsSync(fixture)) fs.cpSync(fixture, workspace, { recursive: true });
  else fs.mkdirSync(workspace);
  try {
    await runTests({
      extensionDevelopmentPath: root,
      extensionTestsPath: path.join(root, 'out', 'test', 'integration', 'index.js'),
      launchArgs: [workspace, '--disable-extensions'],
      // The history of memories the suite writes goes to the run's own folder, never the real home.
      extensionTestsEnv: { MEMORY_SHELF_HISTORY_DIR: path.join(tmp, 'history') },
    });
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
