import { existsSync, statSync } from 'node:fs';

/** Sizes in bytes of what ships; undefined for what is not there (a .vsix not packaged, and why). */
export interface BundleFigures {
  readonly extension: number | undefined;
  readonly cli: number | undefined;
  readonly webview: number | undefined;
  readonly vsix: number | undefined;
  readonly vsixNote?: string;
}

const size = (path: string): number | undefined => (existsSync(path) ? statSync(path).size : undefined);

/** scripts/bench.mjs builds the production bundles and packages the .vsix first, and names it in BENCH_VSIX. */
export function measureBundle(): BundleFigures {
  const vsix = process.env.BENCH_VSIX ? size(process.env.BENCH_VSIX) : undefined;
  return {
    extension: size('dist/extension.js'),
    cli: size('dist/cli.js'),
    webview: size('dist/webview/editor.js'),
    vsix,
    ...(vsix === undefined ? { vsixNote: process.env.BENCH_VSIX_NOTE ?? 'not packaged' } : {}),
  };
}
