import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const REPO = join(__dirname, '..', '..', '..');

/** The release the project pins as a dev dependency: the one the README says was verified by running it. */
export function pinnedVersion(): string {
  const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
  return pkg.devDependencies['@anthropic-ai/claude-code'];
}

/** Where another release is installed: a cache inside node_modules, never committed, reused by later runs. */
function cacheFolder(version: string): string {
  return join(REPO, 'node_modules', '.cache', 'memory-shelf-conformance', `claude-code-${version}`);
}

/**
 * The client's native binary: the platform package npm installed beside `@anthropic-ai/claude-code`
 * (its optional dependencies), so nothing runs a postinstall or downloads at run time.
 */
function binaryUnder(nodeModules: string): string | undefined {
  const platform = `${process.platform}-${process.arch}`;
  const candidates = [
    join(nodeModules, '@anthropic-ai', `claude-code-${platform}`, process.platform === 'win32' ? 'claude.exe' : 'claude'),
    join(nodeModules, '@anthropic-ai', `claude-code-${platform}-musl`, 'claude'),
    join(nodeModules, '@anthropic-ai', 'claude-code', 'bin', 'claude.exe'),
  ];
  return candidates.find((candidate) => existsSync(candidate));
}

/** The client of `version` (default: the pinned one), installed into the cache first when it is another release. */
export function claudeBinary(version?: string): { readonly path: string; readonly version: string } {
  const pinned = pinnedVersion();
  if (version === undefined || version === pinned) {
    const path = binaryUnder(join(REPO, 'node_modules'));
    if (!path) throw new Error(`@anthropic-ai/claude-code ${pinned} is not installed: run npm install`);
    return { path, version: pinned };
  }
  if (!/^\d+\.\d+\.\d+$/.test(version)) throw new Error(`CLAUDE_CODE_VERSION must be a release like 2.1.328, not "${version}"`);
  const folder = cacheFolder(version);
  let path = binaryUnder(join(folder, 'node_modules'));
  if (!path) {
    mkdirSync(folder, { recursive: true });
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const installed = spawnSync(npm, ['install', '--prefix', folder, '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', `@anthropic-ai/claude-code@${version}`], { encoding: 'utf8' });
    if (installed.status !== 0) throw new Error(`npm could not install @anthropic-ai/claude-code@${version}:\n${installed.stderr}`);
    path = binaryUnder(join(folder, 'node_modules'));
    if (!path) throw new Error(`@anthropic-ai/claude-code@${version} installed no binary for ${process.platform}-${process.arch}`);
  }
  return { path, version };
}

export interface ClaudeRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `claude -p PROMPT` in `cwd` with a home folder of the fixture's own, against the stand-in, with
 * telemetry and every nonessential request off. Asynchronous: the stand-in answers from this process.
 */
export function runClaude(binary: string, options: { cwd: string; home: string; baseUrl: string; prompt?: string; args?: readonly string[]; env?: Readonly<Record<string, string>> }): Promise<ClaudeRun> {
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    HOME: options.home,
    USERPROFILE: options.home,
    ANTHROPIC_BASE_URL: options.baseUrl,
    ANTHROPIC_API_KEY: 'sk-ant-conformance-stand-in',
    DISABLE_TELEMETRY: '1',
    DISABLE_AUTOUPDATER: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    // Fixtures run as root on CI machines; Claude Code refuses its permission bypass there without it.
    IS_SANDBOX: '1',
    ...options.env,
  };
  return new Promise((resolve) => {
    const child = spawn(binary, ['-p', options.prompt ?? 'hello', ...(options.args ?? [])], { cwd: options.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}
