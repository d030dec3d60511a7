import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

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

  it('the check itself catches an offending import', () => {
    assert.ok(FORBIDDEN.test("import * as vscode from 'vscode';"));
    assert.ok(FORBIDDEN.test("const fs = require('node:fs');"));
    assert.ok(!FORBIDDEN.test("import { parseDocument } from 'yaml';"));
  });
});
