// `npm run package:cli`: the command-line checker as its own npm package, with no dependencies.
// Bundles src/cli/main.ts into packages/cli/dist/cli.js (everything it imports inlined), copies the
// repository's LICENSE and the CLI section of docs/cli.md beside it, and runs `npm pack` there.
//   --out DIR   where the tarball goes (default: packages/cli)
// Prints the tarball's path on the last line.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGE = join(REPO, 'packages', 'cli');
const outIndex = process.argv.indexOf('--out');
const out = outIndex > 0 ? resolve(process.argv[outIndex + 1]) : PACKAGE;

const { version } = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8'));
const cli = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8'));
// Versioned with the extension: a release bumps both, and a mismatch is caught here, not on npm.
if (cli.version !== version) {
  console.error(`packages/cli/package.json has version ${cli.version}, the extension ${version}: make them equal`);
  process.exit(1);
}

/** One minified Node bundle of `entry` (a path under src/) at dist/`name` in the package. */
const bundle = (entry, name, extra = {}) => esbuild.build({
  entryPoints: [join(REPO, 'src', ...entry)],
  outfile: join(PACKAGE, 'dist', name),
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
chmodSync(join(PACKAGE, 'dist', 'cli.js'), 0o755);
// The Claude Code hook beside it: `memory-shelf hook install` points Claude Code at this small bundle.
await bundle(['history', 'hook', 'hookMain.ts'], 'hook.js');
// `memory-shelf lsp`: the language server, a bundle of its own that the CLI loads only for that command.
await bundle(['lsp', 'main.ts'], 'lsp.js');

// The package's README is docs/cli.md's CLI section, so the two cannot drift apart.
const readme = readFileSync(join(REPO, 'docs', 'cli.md'), 'utf8');
const section = /<!-- cli:start -->\n([\s\S]*?)<!-- cli:end -->/.exec(readme);
if (!section) {
  console.error('docs/cli.md has no <!-- cli:start --> ... <!-- cli:end --> section');
  process.exit(1);
}
writeFileSync(join(PACKAGE, 'README.md'), `# memory-shelf-cli\n\n${section[1].trim()}\n`);
copyFileSync(join(REPO, 'LICENSE'), join(PACKAGE, 'LICENSE'));

mkdirSync(out, { recursive: true });
const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', out], { cwd: PACKAGE, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));
const { filename, size, unpackedSize } = packed[0];
console.log(`${filename}: ${size} bytes packed, ${unpackedSize} bytes unpacked`);
console.log(join(out, filename));
