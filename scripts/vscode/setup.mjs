// Installs what the real-VS Code tests need, idempotently: Debian packages (chromium to drive the
// workbench, libkrb5-dev to build code-server's `kerberos` module, ripgrep to stand in for the rg
// binary that @vscode/ripgrep would download) and code-server into a git-ignored cache folder.
// Usable as a module (`await setup()`) and as a script (`node scripts/vscode/setup.mjs`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, openSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CODE_SERVER_VERSION = '4.100.3';
export const CODE_SERVER_DIR = join(REPO_ROOT, '.vscode-test', `code-server-${CODE_SERVER_VERSION}`);
export const CODE_SERVER_ENTRY = join(CODE_SERVER_DIR, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
export const CHROMIUM = '/usr/bin/chromium';

// fonts-noto-cjk: the sample memories are Korean and Japanese; without it screenshots show boxes.
// neovim: the language server's check runs Debian's Neovim with the configuration docs/lsp.md gives.
const APT_PACKAGES = ['chromium', 'libkrb5-dev', 'ripgrep', 'fonts-noto-cjk', 'neovim'];
// The rg that @vscode/ripgrep@1.15.11 looks for in $TMPDIR before trying to download it.
const RIPGREP_CACHE = ['vscode-ripgrep-cache-1.15.11', 'ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz'];
// Packages whose install scripts must run. npm 11.19 gates install scripts: those that no
// `allowScripts` entry covers run with a warning, or fail the install under strict-allow-scripts.
// The cache folder's package.json lists code-server's own (argon2, code-server's postinstall).
// That postinstall runs a nested `npm install` in lib/vscode, whose package.json we cannot edit
// beforehand; an .npmrc or env allow-list does not help there, because npm exports it to the nested
// npm as npm_config_allow_scripts, which npm rejects in project-scoped installs (EALLOWSCRIPTS).
// So the nested install relies on npm's non-strict default, which we pin below.
const ALLOW_SCRIPTS = ['code-server', 'argon2'];
const MARKER = join(CODE_SERVER_DIR, '.installed');

export class SetupError extends Error {}

const log = (msg) => console.log(`[setup] ${msg}`);

function run(cmd, args, opts = {}) {
  return spawnSync(cmd, args, { encoding: 'utf8', ...opts });
}

function missingAptPackages() {
  // One call for all; dpkg-query exits non-zero when some are unknown but still lists the rest.
  const r = run('dpkg-query', ['-W', '-f=${Package} ${Status}\n', ...APT_PACKAGES]);
  const installed = new Set((r.stdout ?? '').split('\n').filter((l) => l.endsWith('install ok installed')).map((l) => l.split(' ')[0]));
  return APT_PACKAGES.filter((pkg) => !installed.has(pkg));
}

function ensureAptPackages(installing) {
  const missing = missingAptPackages();
  if (missing.length === 0) return;
  const hint = `apt-get update && apt-get install -y ${missing.join(' ')}`;
  if (process.getuid?.() !== 0) {
    // Without root, carry on when what is missing is not needed for this run.
    const needed = missing.filter((pkg) => pkg === 'chromium' || (installing && pkg !== 'fonts-noto-cjk'));
    if (needed.length) throw new SetupError(`missing Debian packages: ${missing.join(', ')}. Not root, so cannot install them; as root run:\n  ${hint}`);
    log(`warning: missing ${missing.join(', ')} (screenshots may lack CJK glyphs); as root run: ${hint}`);
    return;
  }
  log(`installing Debian packages: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', ...missing]]) {
    const r = run('apt-get', args, { env, stdio: ['ignore', 'inherit', 'inherit'] });
    if (r.status !== 0) throw new SetupError(`'apt-get ${args.join(' ')}' failed (exit ${r.status ?? r.signal}). Try by hand:\n  ${hint}`);
  }
  const still = missingAptPackages();
  if (still.length) throw new SetupError(`Debian packages still missing after apt-get: ${still.join(', ')}`);
}

/** Several runs may start at once on one checkout (engineers share it): one installs, the others wait. */
async function withInstallLock(fn) {
  const lock = `${CODE_SERVER_DIR}.lock`;
  mkdirSync(dirname(lock), { recursive: true });
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      let owner = 0;
      try { owner = Number(readFileSync(join(lock, 'pid'), 'utf8').trim()); } catch { /* being written */ }
      let alive = !owner && Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0) < 30_000;
      try { alive ||= owner > 0 && process.kill(owner, 0); } catch { /* no such process: a crashed run's lock */ }
      if (!alive) { rmSync(lock, { recursive: true, force: true }); continue; }
      if (Date.now() > deadline) throw new SetupError(`timed out waiting for another install (pid ${owner}; lock ${lock})`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function installCodeServer() {
  // Whatever is there without the marker is a half-finished install: start over.
  rmSync(CODE_SERVER_DIR, { recursive: true, force: true });
  mkdirSync(CODE_SERVER_DIR, { recursive: true });
  writeFileSync(join(CODE_SERVER_DIR, 'package.json'), JSON.stringify({
    name: 'code-server-cache', private: true, description: 'test-only cache, see scripts/vscode/setup.mjs',
    allowScripts: Object.fromEntries(ALLOW_SCRIPTS.map((name) => [name, true])),
  }, null, 2) + '\n');

  const scratch = mkdtempSync(join(tmpdir(), 'memory-shelf-setup-'));
  try {
    const rg = run('sh', ['-c', 'command -v rg']).stdout.trim();
    if (!rg) throw new SetupError('ripgrep (rg) not found on PATH');
    const cacheDir = join(scratch, RIPGREP_CACHE[0]);
    mkdirSync(cacheDir);
    const stage = join(scratch, 'rg-stage');
    mkdirSync(stage);
    run('cp', [rg, join(stage, 'rg')]);
    const tar = run('tar', ['-czf', join(cacheDir, RIPGREP_CACHE[1]), '-C', stage, 'rg']);
    if (tar.status !== 0) throw new SetupError(`could not pack rg for @vscode/ripgrep: ${tar.stderr}`);

    const nodeHeaders = join(dirname(dirname(process.execPath)), 'include', 'node', 'node.h');
    const logFile = join(REPO_ROOT, '.vscode-test', `code-server-${CODE_SERVER_VERSION}-install.log`);
    log(`installing code-server@${CODE_SERVER_VERSION} into ${CODE_SERVER_DIR} (about 1-3 min; log: ${logFile})`);
    const fd = openSync(logFile, 'w');
    const r = run('npm', ['install', `code-server@${CODE_SERVER_VERSION}`, '--no-audit', '--no-fund', '--foreground-scripts'], {
      cwd: CODE_SERVER_DIR,
      stdio: ['ignore', fd, fd],
      env: {
        ...process.env,
        TMPDIR: scratch,
        // See ALLOW_SCRIPTS: the nested lib/vscode install's scripts (node-pty, kerberos,
        // @vscode/ripgrep, spdlog...) are unreviewed as far as npm can tell, and must still run.
        npm_config_strict_allow_scripts: 'false',
        // code-server's postinstall refuses to run as root without it.
        npm_config_unsafe_perm: 'true',
        // node-pty's postinstall runs `npx node-gyp`; this machine's npm config says yes=false.
        npm_config_yes: 'true',
        // node-gyp would download Node's headers (unreachable offline); use the installed ones.
        ...(!process.env.npm_config_nodedir && existsSync(nodeHeaders) ? { npm_config_nodedir: dirname(dirname(dirname(nodeHeaders))) } : {}),
      },
    });
    closeSync(fd);
    if (r.status !== 0 || !existsSync(CODE_SERVER_ENTRY)) {
      const tail = readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n');
      throw new SetupError(`npm install code-server@${CODE_SERVER_VERSION} failed (exit ${r.status ?? r.signal}); last lines of ${logFile}:\n${tail}`);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function checkInstall() {
  const vscodeModules = join(CODE_SERVER_DIR, 'node_modules', 'code-server', 'lib', 'vscode', 'node_modules');
  const needed = [
    CODE_SERVER_ENTRY,
    join(vscodeModules, '@vscode', 'ripgrep', 'bin', 'rg'),
    join(vscodeModules, 'node-pty', 'build', 'Release', 'pty.node'),
    join(vscodeModules, '@vscode', 'spdlog', 'build', 'Release', 'spdlog.node'),
    join(vscodeModules, 'kerberos', 'build', 'Release', 'kerberos.node'),
  ];
  const absent = needed.filter((p) => !existsSync(p));
  if (absent.length) throw new SetupError(`code-server install is incomplete (its install scripts did not all run); missing:\n  ${absent.join('\n  ')}`);
}

const installed = () => existsSync(MARKER) && existsSync(CODE_SERVER_ENTRY);

export async function setup() {
  const started = Date.now();
  ensureAptPackages(!installed());
  if (installed()) return { entry: CODE_SERVER_ENTRY, chromium: CHROMIUM };
  if (process.versions.node.split('.')[0] !== '20') {
    throw new SetupError(`code-server ${CODE_SERVER_VERSION} installs and runs only under Node 20; this is Node ${process.versions.node}`);
  }
  await withInstallLock(() => {
    if (installed()) return; // another run finished it while we waited
    installCodeServer();
    checkInstall();
    writeFileSync(MARKER, `${CODE_SERVER_VERSION}\n`);
  });
  log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { entry: CODE_SERVER_ENTRY, chromium: CHROMIUM };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  setup().catch((err) => {
    console.error(`[setup] ERROR: ${err instanceof SetupError ? err.message : err?.stack ?? err}`);
    process.exit(1);
  });
}
