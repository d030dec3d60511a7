// Starts one throwaway code-server for a test run or the demo: everything it writes (profile,
// extensions, HOME, caches, sockets) lives in a per-run temp folder that stop() removes.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { constants as osConstants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { CODE_SERVER_ENTRY } from './setup.mjs';

// Quiet, deterministic workbench: no update/telemetry chatter, no welcome page, no tips.
const DEFAULT_SETTINGS = {
  'update.mode': 'none',
  'telemetry.telemetryLevel': 'off',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'security.workspace.trust.enabled': false,
};

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** HOME/TMPDIR/XDG_* inside `dir`, so neither code-server nor chromium writes to the real home or /tmp. */
export function isolatedEnv(dir) {
  const env = { ...process.env };
  // The extension reads Claude Code's config dir from these: a developer's real ones must not leak in.
  for (const name of Object.keys(env)) if (name.startsWith('CLAUDE_')) delete env[name];
  for (const [name, sub] of [['HOME', 'home'], ['TMPDIR', 'tmp'], ['XDG_CONFIG_HOME', 'config'],
    ['XDG_DATA_HOME', 'data'], ['XDG_CACHE_HOME', 'cache'], ['XDG_RUNTIME_DIR', 'runtime']]) {
    env[name] = join(dir, sub);
    mkdirSync(env[name], { recursive: true, mode: 0o700 });
  }
  // Memory Shelf's history of the memories a run writes stays in the run's folder.
  env.MEMORY_SHELF_HISTORY_DIR = join(dir, 'history');
  return env;
}

/**
 * @param {object} [opts]
 * @param {string} [opts.host] defaults to 127.0.0.1
 * @param {number} [opts.port] defaults to a free port
 * @param {object} [opts.settings] merged over DEFAULT_SETTINGS into User/settings.json
 * @param {string[]} [opts.args] extra code-server arguments
 * @param {boolean} [opts.echo] copy code-server's output to this process's stderr
 * @param {number} [opts.startTimeoutMs]
 * @param {boolean} [opts.handleSignals] on SIGINT/SIGTERM/SIGHUP, clean up and exit (false: the caller handles them)
 * @param {string[]} [opts.installExtensions] .vsix files installed into the fresh extensions folder first, as a user installs them
 * @param {(dirs: { userDataDir: string, extensionsDir: string }) => void} [opts.beforeStart] called once installed, before the server starts
 * @param {boolean} [opts.workspaceTrust] keep workspace trust on (a folder then opens restricted unless trusted)
 */
export async function startCodeServer({ host = '127.0.0.1', port, settings = {}, args = [], echo = false, startTimeoutMs = 60_000, handleSignals = true, installExtensions = [], beforeStart, workspaceTrust = false } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'memory-shelf-vscode-'));
  const env = isolatedEnv(dir);
  const userDataDir = join(dir, 'user-data');
  const extensionsDir = join(dir, 'extensions');
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  mkdirSync(extensionsDir);
  writeFileSync(join(userDataDir, 'User', 'settings.json'), JSON.stringify({ ...DEFAULT_SETTINGS, ...settings }, null, 2));
  for (const vsix of installExtensions) {
    const installed = spawnSync(process.execPath, [CODE_SERVER_ENTRY, '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir, '--install-extension', vsix], { env, cwd: dir, encoding: 'utf8' });
    if (installed.status !== 0) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`code-server --install-extension ${vsix} failed (${installed.status ?? installed.signal}):\n${installed.stdout}${installed.stderr}`);
    }
  }
  beforeStart?.({ userDataDir, extensionsDir });

  const fixedPort = port !== undefined;
  let lastError;
  // A free port can be taken between freePort() and code-server's bind: retry on a new one.
  for (let attempt = 0; attempt < (fixedPort ? 1 : 3); attempt++) {
    const p = fixedPort ? port : await freePort();
    const config = join(dir, 'config.yaml');
    writeFileSync(config, `bind-addr: ${host}:${p}\nauth: none\ncert: false\n`);
    const child = spawn(process.execPath, [CODE_SERVER_ENTRY,
      '--config', config,
      '--user-data-dir', userDataDir,
      '--extensions-dir', extensionsDir,
      '--disable-telemetry', '--disable-update-check', ...(workspaceTrust ? [] : ['--disable-workspace-trust']),
      '--disable-getting-started-override', '--ignore-last-opened',
      ...args,
    ], { env, cwd: dir, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });

    let output = '';
    const listening = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`code-server did not start within ${startTimeoutMs / 1000} s`)), startTimeoutMs);
      const onData = (chunk) => {
        output += chunk;
        if (echo) process.stderr.write(chunk);
        if (output.includes('HTTP server listening on')) { clearTimeout(timer); resolve(); }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('error', (err) => { clearTimeout(timer); reject(err); });
      child.once('exit', (code, signal) => { clearTimeout(timer); reject(new Error(`code-server exited (${code ?? signal}) before listening`)); });
    });
    const server = makeHandle(child, dir, host, p, () => output, handleSignals);
    try {
      await listening;
      return server;
    } catch (err) {
      lastError = new Error(`${err.message}\n--- code-server output ---\n${output.trim()}`);
      await server.kill();
    }
  }
  rmSync(dir, { recursive: true, force: true });
  throw lastError;
}

function makeHandle(child, dir, host, port, output, handleSignals) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const killGroup = (signal) => { try { process.kill(-child.pid, signal); } catch { /* already gone */ } };
  // Never leave a server or its temp folder behind if this process ends without calling stop():
  // code-server runs in its own process group, so a Ctrl-C on the terminal does not reach it.
  const onExit = () => {
    killGroup('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  const onSignal = (signal) => {
    onExit();
    process.exit(128 + osConstants.signals[signal]);
  };
  process.once('exit', onExit);
  const signals = handleSignals ? ['SIGINT', 'SIGTERM', 'SIGHUP'] : [];
  for (const signal of signals) process.on(signal, onSignal);

  const kill = async () => {
    process.removeListener('exit', onExit);
    for (const signal of signals) process.removeListener(signal, onSignal);
    if (child.exitCode === null && child.signalCode === null) {
      killGroup('SIGTERM');
      const timedOut = await Promise.race([exited.then(() => false), new Promise((r) => setTimeout(r, 5000, true))]);
      if (timedOut) killGroup('SIGKILL');
    }
    // Extension host and other helpers share the group; make sure none outlive the server.
    killGroup('SIGKILL');
  };
  let stopped;
  return {
    host,
    port,
    url: `http://${host}:${port}/`,
    dir,
    env: isolatedEnv(dir),
    output,
    /** Resolves with code-server's exit code when it ends, for whatever reason. */
    exited,
    kill,
    stop() {
      stopped ??= kill().then(() => rmSync(dir, { recursive: true, force: true }));
      return stopped;
    },
  };
}
