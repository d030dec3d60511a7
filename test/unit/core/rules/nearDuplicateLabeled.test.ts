import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NearDuplicateIndex, parseMemoryFile } from '../../../../src/core';
import { similarityText } from '../../../../src/core/rules/nearDuplicate/nearDuplicateRule';
import { FIXTURES } from '../../helpers/fixtures';
import { labeledLargeMemories } from './largeMemories';
import { checkedEngine } from './ruleHelpers';

const ROOT = join(FIXTURES, 'near-duplicates');

interface Labels {
  readonly duplicates: readonly [string, string, string][];
  readonly hardNegatives: readonly [string, string, string][];
}

function labeledSet(): { files: Map<string, string>; duplicates: [string, string, string][]; hardNegatives: readonly [string, string, string][] } {
  const labels = JSON.parse(readFileSync(join(ROOT, 'labels.json'), 'utf8')) as Labels;
  const files = new Map<string, string>();
  for (const language of ['en', 'ko', 'ja']) {
    for (const file of readdirSync(join(ROOT, language)).sort()) files.set(`${language}/${file}`, readFileSync(join(ROOT, language, file), 'utf8'));
  }
  const large = labeledLargeMemories(files);
  for (const [path, text] of large.files) files.set(path, text);
  return { files, duplicates: [...labels.duplicates, ...large.duplicates], hardNegatives: labels.hardNegatives };
}

const pairKey = (a: string, b: string): string => (a < b ? `${a} | ${b}` : `${b} | ${a}`);

describe('near-duplicate calibration on labeled pairs (en, ko, ja, large files included)', () => {
  const { files, duplicates, hardNegatives } = labeledSet();
  const index = new NearDuplicateIndex({}, files.size);
  for (const [path, text] of files) index.add(path, similarityText(parseMemoryFile(path, text)));
  const reported = new Set<string>();
  for (const path of files.keys()) for (const neighbor of index.neighbors(path)) reported.add(pairKey(path, neighbor.path));
  const labeled = new Map(duplicates.map(([a, b, kind]) => [pairKey(a, b), kind]));

  it('reports every labeled duplicate and no other pair of the set', () => {
    const found = [...labeled.keys()].filter((key) => reported.has(key));
    const missed = [...labeled].filter(([key]) => !reported.has(key)).map(([key, kind]) => `${key} (${kind})`);
    const wrong = [...reported].filter((key) => !labeled.has(key));
    const pairs = (files.size * (files.size - 1)) / 2;
    const precision = reported.size === 0 ? 1 : found.length / reported.size;
    const recall = found.length / labeled.size;
    console.log(`      near-duplicate: ${pairs} pairs of ${files.size} memories; ${labeled.size} labeled duplicates, ${reported.size} reported, ${found.length} right, ${wrong.length} wrong, ${missed.length} missed: precision ${precision.toFixed(2)}, recall ${recall.toFixed(2)}`);
    assert.deepEqual({ missed, wrong }, { missed: [], wrong: [] });
    assert.equal(found.length, 22);
  });

  it('leaves apart the pairs that look closest without being duplicates', () => {
    for (const [a, b, kind] of hardNegatives) assert.ok(!reported.has(pairKey(a, b)), `${a} and ${b} (${kind})`);
  });

  it('says which memory holds the other, and quotes what they share', () => {
    const engine = checkedEngine(new Map([...files].filter(([path]) => path.startsWith('en/'))));
    const older = engine.problemsFor('en/project_api-migration.md').find((p) => p.code === 'near-duplicate');
    const newer = engine.problemsFor('en/project_api-migration-v2.md').find((p) => p.code === 'near-duplicate');
    assert.equal(older?.message, 'Everything this memory says is also in "api-migration-v2" (en/project_api-migration-v2.md), from "The payments provider retires API v1 on 2026-09-30." on: keep one of them.');
    assert.equal(newer?.message, 'Holds all of "api-migration" (en/project_api-migration.md), from "The payments provider retires API v1 on 2026-09-30." on: delete that memory or this copy of it.');
    const repeated = engine.problemsFor('en/feedback_force-push.md').find((p) => p.code === 'near-duplicate');
    assert.equal(repeated?.message, 'Repeats word for word what "release-checklist" (en/project_release-checklist.md) says: "Never force-push to main or a release branch; open a pull…". Keep it in one memory and link to it from the other.');
    assert.equal(engine.problemsFor('en/project_status_2026-11.md').filter((p) => p.code === 'near-duplicate').length, 0);
    const reworded = engine.problemsFor('en/feedback_docx-reports.md').find((p) => p.code === 'near-duplicate');
    assert.match(reworded?.message ?? '', /^Nearly the same as "feedback-report-format" \(en\/feedback_report-format\.md, \d+% alike; both descriptions name client, reports, docx, pdf, word\)/);
  });
});
