import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const REPO = join(__dirname, '..', '..', '..', '..');
const manifest = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { main: string; bin: Record<string, string>; l10n: string };

/** What `vsce package` would put in the .vsix, as vsce itself lists it. */
function packagedFiles(): Set<string> {
  const run = spawnSync(process.execPath, [join(REPO, 'node_modules', '@vscode', 'vsce', 'vsce'), 'ls', '--no-dependencies'], { cwd: REPO, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  return new Set(run.stdout.split('\n').map((line) => line.trim()).filter(Boolean));
}

describe('the .vsix holds every file the extension loads', function () {
  this.timeout(60_000);

  it('the entry point, the CLI, the editor webview and its stylesheet, the icon and every translation', () => {
    const files = packagedFiles();
    const strip = (path: string): string => path.replace(/^\.\//, '');
    const l10n = readdirSync(join(REPO, strip(manifest.l10n))).map((name) => `${strip(manifest.l10n)}/${name}`);
    // The editor's script and stylesheet are what src/features/editor/editorHtml.ts points the webview at.
    const needed = [strip(manifest.main), ...Object.values(manifest.bin).map(strip), 'dist/webview/editor.js', 'media/editor/editor.css', 'media/shelf.svg', 'package.nls.json', 'package.nls.ko.json', 'package.nls.ja.json', ...l10n];
    assert.deepEqual(needed.filter((path) => !files.has(path)), []);
  });

  it('and nothing of the sources, tests or fixtures', () => {
    const stray = [...packagedFiles()].filter((path) => /^(src|test|out|bench|scripts|examples|docs|node_modules)\//.test(path));
    assert.deepEqual(stray, []);
  });
});
