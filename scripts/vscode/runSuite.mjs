// Runs the compiled mocha suite (out/test/integration/index.js) inside a real VS Code: code-server's
// extension host, with a headless chromium as the window. Prints the suite's output and returns its
// counts. Usable as a module and as a script (exit code 1 on any failure).
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { format } from 'node:util';
import { launchChromium, workbenchUrl } from './browser.mjs';
import { startCodeServer } from './codeServer.mjs';
import { REPO_ROOT, setup } from './setup.mjs';

const SUITE = join(REPO_ROOT, 'out', 'test', 'integration', 'index.js');
const FIXTURE = join(REPO_ROOT, 'test', 'fixtures', 'workspace');
// The workbench's own start-up lines share the channel with the suite's output; they only matter
// when debugging the harness (MEMORY_SHELF_VERBOSE=1). open-vsx is unreachable offline, harmlessly.
const VERBOSE = process.env.MEMORY_SHELF_VERBOSE === '1';
const WORKBENCH_CHATTER = /^(Resolving connection token|Resolved connection token|Creating a socket|Updating additional builtin extensions cache|\[Service Worker\]|ChatSessionStore:|getaddrinfo ENOTFOUND open-vsx\.org)/;
const COUNT_LINE = /^(\d+) passed, (\d+) failed/m;

// An untrusted window: trust stays on, and nothing asks; the folder opens in restricted mode.
const RESTRICTED_SETTINGS = {
  'security.workspace.trust.enabled': true,
  'security.workspace.trust.startupPrompt': 'never',
  'security.workspace.trust.banner': 'never',
  'security.workspace.trust.untrustedFiles': 'open',
};

/**
 * @param {object} [opts]
 * @param {string} [opts.suite] the compiled suite's entry (defaults to the main suite)
 * @param {string} [opts.fixture] the folder copied as the workspace
 * @param {(workspace: string) => void} [opts.prepare] makes what cannot be committed (links, FIFOs) in the copy before the window opens
 * @param {boolean} [opts.restricted] open the workspace untrusted, in restricted mode
 */
export async function runSuite({ timeoutMs = 5 * 60_000, suite = SUITE, fixture = FIXTURE, prepare, restricted = false } = {}) {
  if (!existsSync(suite)) throw new Error(`${suite} is missing: run \`npm run compile-tests\` first`);
  // The fixture's content is written by the suite's authors; the runner only needs the folder.
  if (!existsSync(fixture)) mkdirSync(fixture, { recursive: true });
  await setup();

  const server = await startCodeServer(restricted ? { settings: RESTRICTED_SETTINGS, workspaceTrust: true } : {});
  let browser;
  let timer;
  let output = '';
  try {
    // Tests may write into the workspace: give them a copy in the run's temp folder.
    const workspace = join(server.dir, 'workspace');
    cpSync(fixture, workspace, { recursive: true });
    prepare?.(workspace);
    browser = await launchChromium(server.env);
    const page = await browser.newPage();

    const exitCode = new Promise((resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`integration suite timed out after ${timeoutMs / 1000} s`)), timeoutMs);
      page.exposeFunction('codeAutomationExit', (code) => resolve(code)).catch(reject);
      page.on('crash', () => reject(new Error('the workbench page crashed')));
    });
    // Everything the extension host prints (mocha's reporter included) arrives here.
    // It comes as console arguments (format string first), as mocha's reporter passed them.
    await page.exposeFunction('codeAutomationLog', (type, args) => {
      const text = Array.isArray(args) ? format(...args) : String(args);
      output += `${text}\n`;
      if (!VERBOSE && WORKBENCH_CHATTER.test(text)) return;
      (type === 'error' || type === 'warn' ? process.stderr : process.stdout).write(`${text}\n`);
    });
    await page.goto(workbenchUrl(server, { folder: workspace, extensionDevelopmentPath: REPO_ROOT, extensionTestsPath: suite }));

    const code = await exitCode;
    const counts = output.match(COUNT_LINE) ? [...output.matchAll(new RegExp(COUNT_LINE, 'gm'))].pop() : null;
    const passed = counts ? Number(counts[1]) : 0;
    let failed = counts ? Number(counts[2]) : 0;
    // A crash before mocha reports, or a non-zero exit with no failing test, must still fail the run.
    if (!counts || (code !== 0 && failed === 0)) {
      console.error(`[runSuite] suite exited with code ${code}${counts ? '' : ' without printing "N passed, N failed"'}`);
      failed += 1;
    }
    return { passed, failed, exitCode: code };
  } finally {
    clearTimeout(timer);
    await browser?.close().catch(() => {});
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runSuite().then(
    ({ failed }) => process.exit(failed > 0 ? 1 : 0),
    (err) => { console.error(`[runSuite] ERROR: ${err?.stack ?? err}`); process.exit(1); },
  );
}
