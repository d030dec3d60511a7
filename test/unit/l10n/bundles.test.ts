import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const REPO = join(__dirname, '..', '..', '..', '..');
const LOCALES = ['ko', 'ja'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts')).map((file) => join(dir, file));
}

/** The English strings passed to vscode.l10n.t, as written in the source. */
function runtimeStrings(): Set<string> {
  const strings = new Set<string>();
  for (const file of sourceFiles(join(REPO, 'src'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(/l10n\.t\(\s*'((?:[^'\\]|\\.)*)'/g)) strings.add(match[1].replace(/\\(.)/g, '$1'));
  }
  return strings;
}

describe('localization', () => {
  const strings = runtimeStrings();

  it('finds the runtime strings to check', () => {
    assert.ok(strings.has('Untyped / unknown'));
  });

  for (const locale of LOCALES) {
    it(`translates every runtime string into ${locale}, keeping its placeholders`, () => {
      const bundle = JSON.parse(readFileSync(join(REPO, 'l10n', `bundle.l10n.${locale}.json`), 'utf8')) as Record<string, string>;
      assert.deepEqual([...strings].filter((s) => !(s in bundle)), [], 'missing translations');
      assert.deepEqual(Object.keys(bundle).filter((s) => !strings.has(s)), [], 'translations of strings no longer used');
      for (const [english, translated] of Object.entries(bundle)) {
        assert.deepEqual(placeholders(translated), placeholders(english), `placeholders of "${english}"`);
      }
    });

    it(`translates every manifest string into ${locale}`, () => {
      const english = JSON.parse(readFileSync(join(REPO, 'package.nls.json'), 'utf8')) as Record<string, string>;
      const translated = JSON.parse(readFileSync(join(REPO, `package.nls.${locale}.json`), 'utf8')) as Record<string, string>;
      assert.deepEqual(Object.keys(translated).sort(), Object.keys(english).sort());
    });
  }

  it('defines every %key% the manifest uses', () => {
    const manifest = readFileSync(join(REPO, 'package.json'), 'utf8');
    const english = JSON.parse(readFileSync(join(REPO, 'package.nls.json'), 'utf8')) as Record<string, string>;
    const used = [...manifest.matchAll(/"%([^%"]+)%"/g)].map((match) => match[1]);
    assert.ok(used.length > 5);
    assert.deepEqual(used.filter((key) => !(key in english)), []);
  });
});

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\d+\}/g)].map((match) => match[0]).sort();
}
