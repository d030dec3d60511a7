// Bundles: the extension host (node, cjs, vscode external) and the command-line checker.
// A browser bundle for the webview joins this list when the frontmatter editor lands.
import * as esbuild from 'esbuild';
import { existsSync } from 'node:fs';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
};

const targets = [
  { ...common, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] },
];
if (existsSync('src/cli/main.ts')) {
  targets.push({ ...common, entryPoints: ['src/cli/main.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } });
}

if (watch) {
  for (const options of targets) await (await esbuild.context(options)).watch();
} else {
  await Promise.all(targets.map((options) => esbuild.build(options)));
}
