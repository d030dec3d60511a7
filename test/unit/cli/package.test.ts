import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURES } from '../helpers/fixtures';
import { makeProject } from '../lsp/fixture';
import { LspClient, PUSH_CLIENT } from '../lsp/lspClient';

const REPO = join(FIXTURES, '..', '..');
const CHECKS = 'test/fixtures/workspace/checks/memory';

function sizeOf(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
}

function run(command: string, args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(command, args, { cwd: REPO, encoding: 'utf8', env: { ...process.env, CLAUDE_CONFIG_DIR: join(tmpdir(), 'memory-shelf-no-claude') } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('memory-shelf-cli, the npm package', function () {
  this.timeout(180_000);
  let scratch: string;
  let installed: string;
  let bin: string;

  before(() => {
    scratch = mkdtempSync(join(tmpdir(), 'memory-shelf-package-'));
    const printed = execFileSync(process.execPath, [join(REPO, 'scripts', 'packageCli.mjs'), '--out', scratch], { cwd: REPO, encoding: 'utf8' });
    const tarball = printed.trimEnd().split('\n').at(-1) ?? '';
    assert.ok(existsSync(tarball), printed);
    // An empty project and a cache of its own: --offline proves the tarball needs nothing from a registry.
    const app = join(scratch, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), '{ "name": "app", "version": "1.0.0", "private": true }\n');
    execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--cache', join(scratch, 'npm-cache'), tarball], { cwd: app, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    installed = join(app, 'node_modules', 'memory-shelf-cli');
    bin = join(app, 'node_modules', '.bin', 'memory-shelf');
  });

  after(() => {
    rmSync(scratch, { recursive: true, force: true });
  });

  it('installs from its tarball with no network and no dependency, versioned with the extension', () => {
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { version: string; dependencies?: object; bin: Record<string, string> };
    const extension = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string };
    assert.equal(manifest.version, extension.version);
    assert.equal(manifest.dependencies, undefined);
    assert.deepEqual(manifest.bin, { 'memory-shelf': 'dist/cli.js' });
    assert.deepEqual(readdirSync(join(scratch, 'app', 'node_modules')).filter((name) => !name.startsWith('.')), ['memory-shelf-cli'], 'nothing else was installed');
    assert.deepEqual(readdirSync(installed).sort(), ['LICENSE', 'README.md', 'dist', 'package.json']);
    const size = sizeOf(installed);
    console.log(`      installed size: ${size} bytes`);
    // The language server is a bundle of its own (so `check` never parses it) and carries its own copy of
    // core: about 0.6 MB of the total; the poisoning rules (0.2) added about 20 KB to each, round 3's
    // rules and the result cache (0.2.0) about as much again (1.41 MB). The bound still catches a VS Code,
    // webview or test dependency.
    assert.ok(size < 1_500_000, `${size} bytes installed`);
    assert.equal(run(bin, ['--version']).stdout.trim(), extension.version);
  });

  it('serves the language server (`memory-shelf lsp`) from the installed package', async () => {
    const project = makeProject();
    const client = new LspClient(project.home, [bin]);
    try {
      await client.initialize(project.project, PUSH_CLIENT);
      await client.until(() => client.codesOf(join(project.memory, 'unlisted.md')).length > 0, 'diagnostics from the installed server');
      assert.deepEqual(client.codesOf(join(project.memory, 'unlisted.md')), ['index-unlisted', 'relative-date']);
    } finally {
      await client.stop();
      rmSync(project.scratch, { recursive: true, force: true });
    }
  });

  for (const format of [[], ['--format', 'sarif'], ['--format', 'github'], ['--json'], ['--fail-on', 'error', '--types', 'madohub']]) {
    it(`prints what the repository's dist/cli.js prints, with the same exit status: check ${format.join(' ') || '(text)'}`, () => {
      const packaged = run(bin, ['check', CHECKS, ...format]);
      const repository = run(process.execPath, [join(REPO, 'dist', 'cli.js'), 'check', CHECKS, ...format]);
      assert.equal(packaged.stderr, '');
      assert.ok(packaged.stdout.length > 100);
      assert.equal(packaged.stdout, repository.stdout);
      assert.equal(packaged.status, repository.status);
    });
  }
});
