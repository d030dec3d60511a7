import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { checkRoot } from '../../../src/cli/checkRoot';
import { ALL_PROBLEM_CODES, DEFAULT_SEVERITIES, resolveTypeSet, ruleDocsUrl, RULE_DOCS_BASE, ruleOf, SAFE_FIX_CODES, type ProblemCode } from '../../../src/core';
import { REPO } from '../helpers/coreTemplates';

const RULES = join(REPO, 'docs', 'rules');

/**
 * Pages whose examples are folders that cannot be printed (a 230-line index, a UTF-16 file, the
 * agent-memory layout) or a code that is never reported: described in words, and tested where the
 * rule is (indexBudget, reader, check.test's agent-memory case, engineShapes).
 */
const DESCRIBED: Readonly<Partial<Record<ProblemCode, readonly ('Found' | 'Not found')[]>>> = {
  'index-over-budget': ['Found', 'Not found'],
  'file-unreadable': ['Found', 'Not found'],
  'index-not-loaded': ['Found', 'Not found'],
  'pinned-over-limit': ['Found'],
} as Partial<Record<ProblemCode, readonly ('Found' | 'Not found')[]>>;

/** A page's `## ` sections, headings inside fences (an index's `## Environment`) left where they are. */
function sections(text: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  let current: string | undefined;
  let fence: string | undefined;
  for (const line of text.split('\n')) {
    const opener = /^(`{3,})/.exec(line);
    if (opener && !fence) fence = opener[1];
    else if (fence && line === fence) fence = undefined;
    const heading = !fence && /^## (.*)$/.exec(line);
    if (heading) current = heading[1].trim();
    if (current) found.set(current, [...(found.get(current) ?? []), line]);
  }
  return found;
}

/** The files a section shows: each fence titled with its file name. */
function exampleFiles(lines: readonly string[]): [string, string][] {
  const files: [string, string][] = [];
  let open: { fence: string; name: string; lines: string[] } | undefined;
  for (const line of lines) {
    const opener = /^(`{3,})\w* title="([^"]+)"/.exec(line);
    if (!open && opener) open = { fence: opener[1], name: opener[2], lines: [] };
    else if (open && line === open.fence) {
      files.push([open.name, `${open.lines.join('\n')}\n`]);
      open = undefined;
    } else if (open) open.lines.push(line);
  }
  return files;
}

async function codesOf(files: readonly [string, string][]): Promise<string[]> {
  const folder = mkdtempSync(join(tmpdir(), 'memory-shelf-rule-docs-'));
  try {
    for (const [name, text] of files) {
      mkdirSync(dirname(join(folder, name)), { recursive: true });
      writeFileSync(join(folder, name), text);
    }
    const checked = await checkRoot('.', folder, { typeSet: resolveTypeSet(undefined, undefined), fix: false });
    return checked.problems.map((problem) => problem.code);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('docs/rules: a page per code, its examples checked', function () {
  this.timeout(60_000);

  it('has one page per code and a list naming each, and no page for a code that is gone', () => {
    const pages = readdirSync(RULES).filter((name) => name.endsWith('.md') && name !== 'README.md').map((name) => name.slice(0, -3)).sort();
    assert.deepEqual(pages, [...ALL_PROBLEM_CODES].sort());
    const list = readFileSync(join(RULES, 'README.md'), 'utf8');
    for (const code of ALL_PROBLEM_CODES) assert.match(list, new RegExp(`\\[\`${code}\`\\]\\(${code}\\.md\\) \\| ${DEFAULT_SEVERITIES[code]} \\| ${SAFE_FIX_CODES.has(code) ? 'yes' : 'no'} \\|`), code);
  });

  it('opens each page with the summary, default severity and --fix the code has, and says why it matters as the CLI does', () => {
    for (const code of ALL_PROBLEM_CODES) {
      const page = readFileSync(join(RULES, `${code}.md`), 'utf8');
      assert.ok(page.startsWith(`# \`${code}\`\n\n> ${ruleOf(code).summary}\n\nDefault severity: **${DEFAULT_SEVERITIES[code]}**. \`--fix\` ${SAFE_FIX_CODES.has(code) ? 'applies it' : 'never applies it'}`), code);
      for (const heading of ['What it finds', 'Why it matters to Claude Code', 'Found', 'Not found', 'The fix']) assert.ok(sections(page).has(heading), `${code}: ${heading}`);
      assert.ok(sections(page).get('Why it matters to Claude Code')!.join('\n').includes(ruleOf(code).help), code);
      assert.equal(ruleDocsUrl(code), `${RULE_DOCS_BASE}${code}.md`);
    }
  });

  for (const code of ALL_PROBLEM_CODES) {
    it(`${code}: what "Found" shows is reported, what "Not found" shows is not`, async () => {
      const page = sections(readFileSync(join(RULES, `${code}.md`), 'utf8'));
      for (const [heading, expected] of [['Found', true], ['Not found', false]] as const) {
        const files = exampleFiles(page.get(heading) ?? []);
        if (DESCRIBED[code]?.includes(heading)) {
          assert.deepEqual(files, [], `${code} ${heading}: described in words`);
          continue;
        }
        assert.ok(files.length > 0, `${code} ${heading}: an example`);
        const codes = await codesOf(files);
        assert.equal(codes.includes(code), expected, `${code} ${heading}: ${codes.join(', ')}`);
      }
    });
  }
});
