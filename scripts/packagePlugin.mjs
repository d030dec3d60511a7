// `npm run package:plugin`: the Claude Code plugin, self-contained, in dist/claude-plugin/.
// The static parts (manifest, hooks, skills) live in plugin/ and are copied as they are, with the
// manifest's version set to the extension's; the language server, the CLI the skills call and the hook
// are bundled from src/ into bin/ with everything they import inlined, so the plugin needs node and
// nothing else at run time (no npm install, no network). Then `claude plugin validate` (the pinned
// client) must accept it, or the script fails.
//   --out DIR       where the plugin goes (default: dist/claude-plugin)
//   --no-validate   skip the validation (the client is not installed)
//   --zip           also write memory-shelf-claude-plugin-<version>.zip beside the folder (the release
//                   asset .claude-plugin/marketplace.json points at; needs `zip` on the PATH)
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outIndex = process.argv.indexOf('--out');
const out = outIndex > 0 ? resolve(process.argv[outIndex + 1]) : join(REPO, 'dist', 'claude-plugin');
const { version } = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8'));
// The marketplace entry at the repository root names this release's archive: a release that bumps the
// version without it would send `/plugin install` to the previous one.
const listed = JSON.parse(readFileSync(join(REPO, '.claude-plugin', 'marketplace.json'), 'utf8')).plugins.find((plugin) => plugin.name === 'memory-shelf');
if (listed?.version !== version || !String(listed?.source?.url).includes(`-${version}.zip`)) {
  console.error(`.claude-plugin/marketplace.json lists memory-shelf ${listed?.version} (${listed?.source?.url}), the extension is ${version}: make them equal`);
  process.exit(1);
}

// A fresh folder each time: a file dropped from plugin/ must not linger in the plugin.
rmSync(out, { recursive: true, force: true });
cpSync(join(REPO, 'plugin'), out, { recursive: true });
const manifestPath = join(out, '.claude-plugin', 'plugin.json');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
manifest.version = version;
writeFileSync(manifestPath, JSON.stringify(manifest, null, 2) + '\n');

/** One minified Node bundle of `entry` (a path under src/) at bin/`name` in the plugin. */
const bundle = (entry, name, extra = {}) => esbuild.build({
  entryPoints: [join(REPO, 'src', ...entry)],
  outfile: join(out, 'bin', name),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  minify: true,
  legalComments: 'inline',
  logLevel: 'warning',
  ...extra,
});
await bundle(['cli', 'main.ts'], 'cli.js', { banner: { js: '#!/usr/bin/env node' }, define: { PACKAGE_VERSION: JSON.stringify(version) } });
chmodSync(join(out, 'bin', 'cli.js'), 0o755);
// The CLI loads the language server from lsp.js beside it, only for `lsp`: skills stay quick to start.
await bundle(['lsp', 'main.ts'], 'lsp.js');
// Started on every file tool call: its own small bundle, not the CLI.
await bundle(['history', 'hook', 'hookMain.ts'], 'hook.js');
copyFileSync(join(REPO, 'LICENSE'), join(out, 'LICENSE'));

// The plugin's README is docs/claude-code.md's plugin section, so the two cannot drift apart.
const readme = readFileSync(join(REPO, 'docs', 'claude-code.md'), 'utf8');
const section = /<!-- plugin:start -->\n([\s\S]*?)<!-- plugin:end -->/.exec(readme);
if (!section) {
  console.error('docs/claude-code.md has no <!-- plugin:start --> ... <!-- plugin:end --> section');
  process.exit(1);
}
writeFileSync(join(out, 'README.md'), `# Memory Shelf for Claude Code\n\n${section[1].trim()}\n`);

if (!process.argv.includes('--no-validate')) {
  const platform = `${process.platform}-${process.arch}`;
  const claude = [join(REPO, 'node_modules', '@anthropic-ai', `claude-code-${platform}`, process.platform === 'win32' ? 'claude.exe' : 'claude'), join(REPO, 'node_modules', '@anthropic-ai', `claude-code-${platform}-musl`, 'claude')].find((path) => existsSync(path));
  if (!claude) {
    console.error('the pinned Claude Code client is not installed (npm ci), so the plugin was not validated; --no-validate to skip');
    process.exit(1);
  }
  const home = join(REPO, 'node_modules', '.cache', 'memory-shelf-plugin-home');
  mkdirSync(home, { recursive: true });
  // A home of its own: validating reads nothing of the user's Claude Code settings and writes nothing there.
  const run = spawnSync(claude, ['plugin', 'validate', out], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: home, DISABLE_TELEMETRY: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' } });
  process.stdout.write(run.stdout);
  process.stderr.write(run.stderr);
  if (run.status !== 0) {
    console.error(`claude plugin validate ${out} failed (exit ${run.status})`);
    process.exit(1);
  }
}
if (process.argv.includes('--zip')) {
  const archive = join(dirname(out), `memory-shelf-claude-plugin-${version}.zip`);
  rmSync(archive, { force: true });
  const zipped = spawnSync('zip', ['-qr', archive, '.'], { cwd: out, stdio: 'inherit' });
  if (zipped.status !== 0) {
    console.error(`zip failed (exit ${zipped.status ?? zipped.error?.message})`);
    process.exit(1);
  }
  console.log(archive);
}
console.log(out);
