import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { coreTemplates, REPO, sourceFiles } from '../helpers/coreTemplates';

const LOCALES = ['ko', 'ja'];

/** The English strings passed to vscode.l10n.t, as written in the source. */
function runtimeStrings(): Set<string> {
  const strings = new Set<string>();
  for (const file of sourceFiles(join(REPO, 'src'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(/l10n\.t\(\s*'((?:[^'\\]|\\.)*)'/g)) strings.add(match[1].replace(/\\(.)/g, '$1'));
  }
  // The language layer's sentences, which both the extension and the language server translate.
  for (const file of sourceFiles(join(REPO, 'src', 'language'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(/\bmsg\(\s*'((?:[^'\\]|\\.)*)'/g)) strings.add(match[1].replace(/\\(.)/g, '$1'));
  }
  return strings;
}

describe('localization', () => {
  const core = coreTemplates();
  const strings = new Set([...runtimeStrings(), ...core.templates]);

  it('finds the runtime strings to check', () => {
    assert.ok(strings.has('Untyped / unknown'));
  });

  it("finds core's problem and fix templates, each a literal", () => {
    assert.ok(core.templates.has('Remove this entry'));
    assert.ok(core.templates.has("Past Claude Code's {0}-line limit for MEMORY.md: nothing from here to the end ({1} lines) is ever loaded."));
    assert.ok(core.templates.size > 40);
    assert.deepEqual(core.notLiteral, []);
  });

  it("numbers core's placeholders from {0} with no gap and holds no other braces, as vscode.l10n.t expects", () => {
    for (const template of core.templates) {
      const numbers = [...new Set(placeholders(template))].map((p) => Number(p.slice(1, -1))).sort((a, b) => a - b);
      assert.deepEqual(numbers, numbers.map((_n, i) => i), template);
      assert.doesNotMatch(template.replace(/\{\d+\}/g, ''), /[{}]/, template);
    }
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
