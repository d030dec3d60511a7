// `npm run demo`: VS Code in the browser with the extension loaded (as F5 would) on a scratch copy
// of examples/memory, so trying things by hand never edits the repo's sample.
//   HOST (default 127.0.0.1) and PORT (default 8080) choose where it listens.
// code-server 4.100.3 rejects --extensionDevelopmentPath, so the extension is passed in the URL's
// `payload`, which only applies to the URL printed below.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { workbenchUrl } from './vscode/browser.mjs';
import { startCodeServer } from './vscode/codeServer.mjs';
import { REPO_ROOT, setup } from './vscode/setup.mjs';

const host = process.env.HOST || '127.0.0.1';
const port = Number(process.env.PORT || 8080);

try {
  await setup();
} catch (err) {
  console.error(`[demo] setup failed: ${err.message}`);
  process.exit(1);
}
const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

let server;
try {
  server = await startCodeServer({ host, port, handleSignals: false });
} catch (err) {
  console.error(`[demo] could not start code-server on ${host}:${port} (set PORT to use another port):\n${err.message}`);
  process.exit(1);
}
const workspace = join(server.dir, 'project');
mkdirSync(workspace);
const examples = join(REPO_ROOT, 'examples', 'memory');
if (existsSync(examples)) cpSync(examples, join(workspace, 'memory'), { recursive: true });

// A browser on another machine reaches a 0.0.0.0 server by this machine's name; show a usable default.
const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
const url = workbenchUrl({ ...server, url: `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}/` },
  { folder: workspace, extensionDevelopmentPath: REPO_ROOT });
console.log(`\nMemory Shelf demo: code-server is listening on ${host}:${port}, workspace ${workspace}`);
console.log(`Open this URL (it loads the extension from ${REPO_ROOT}):\n\n  ${url}\n`);
console.log('Ctrl-C stops it and removes the scratch workspace.');

let stopping = false;
const stop = async (code) => {
  if (stopping) return;
  stopping = true;
  await server.stop();
  process.exit(code);
};
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
server.exited.then((code) => {
  if (stopping) return;
  console.error(`[demo] code-server exited (${code}):\n${server.output().split('\n').slice(-20).join('\n')}`);
  void stop(1);
});
