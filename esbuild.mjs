// Bundles: the extension host (node, cjs, vscode external) and the command-line checker.
// The memory editor's webview has its own browser bundle, so the extension host's stays small.
import * as esbuild from 'esbuild';
import { chmodSync, existsSync, readFileSync } from 'node:fs';

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
targets.push({ ...common, platform: 'browser', format: 'iife', target: 'chrome120', entryPoints: ['src/webview/editor/main.ts'], outfile: 'dist/webview/editor.js', sourcemap: false, minify: true });
targets.push({ ...common, platform: 'browser', format: 'iife', target: 'chrome120', entryPoints: ['src/webview/sessionPreview/main.ts'], outfile: 'dist/webview/sessionPreview.js', sourcemap: false, minify: true });
if (existsSync('src/cli/main.ts')) {
  const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
  targets.push({ ...common, entryPoints: ['src/cli/main.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' }, define: { PACKAGE_VERSION: JSON.stringify(version) } });
}
// Claude Code's hook, apart from the CLI: started on every file tool call, so it loads only what it uses.
if (existsSync('src/history/hook/hookMain.ts')) targets.push({ ...common, entryPoints: ['src/history/hook/hookMain.ts'], outfile: 'dist/hook.js', sourcemap: false, minify: true });
// `memory-shelf lsp` loads this bundle only when asked for, so `check` starts as fast as before.
if (existsSync('src/lsp/main.ts')) targets.push({ ...common, entryPoints: ['src/lsp/main.ts'], outfile: 'dist/lsp.js' });

if (watch) {
  for (const options of targets) await (await esbuild.context(options)).watch();
} else {
  await Promise.all(targets.map((options) => esbuild.build(options)));
  // The CLI is a `bin`: runnable as ./dist/cli.js, not only through node.
  if (existsSync('dist/cli.js')) chmodSync('dist/cli.js', 0o755);
}
