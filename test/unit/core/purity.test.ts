import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const CORE = join(__dirname, '..', '..', '..', '..', 'src', 'core');
const FORBIDDEN = /(?:from\s+|require\(\s*|import\(\s*)['"](vscode|fs|node:fs|fs\/promises|node:fs\/promises|child_process|node:child_process)['"]/;

describe('src/core stays pure', () => {
  const files = readdirSync(CORE, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));

  it('has source files to check', () => {
    assert.ok(files.length >= 5);
  });

  it('imports neither vscode nor the file system', () => {
    const offenders = files.filter((file) => FORBIDDEN.test(readFileSync(join(CORE, file), 'utf8')));
    assert.deepEqual(offenders, []);
  });

  it('imports nothing from outside src/core, so nothing reaches vscode or fs indirectly', () => {
    const escaping: string[] = [];
    for (const file of files) {
      const text = readFileSync(join(CORE, file), 'utf8');
      for (const match of text.matchAll(/(?:from\s+|import\(\s*|require\(\s*)['"](\.[^'"]*)['"]/g)) {
        const target = resolve(dirname(join(CORE, file)), match[1]);
        if (relative(CORE, target).startsWith('..')) escaping.push(`${file}: ${match[1]}`);
      }
    }
    assert.deepEqual(escaping, []);
  });

  it('the check itself catches an offending import', () => {
    assert.ok(FORBIDDEN.test("import * as vscode from 'vscode';"));
    assert.ok(FORBIDDEN.test("const fs = require('node:fs');"));
    assert.ok(!FORBIDDEN.test("import { parseDocument } from 'yaml';"));
  });
});
