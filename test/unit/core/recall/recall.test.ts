import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseMemoryFile } from '../../../../src/core';
import { matchedByNone, RECALL_LIMIT, scoreRecall, termsOf, unreachedBy, type RecallCandidate } from '../../../../src/core/recall';
import { FIXTURES } from '../../helpers/fixtures';

interface TaskSet {
  readonly tasks: readonly { readonly task: string; readonly expected: readonly string[] }[];
  readonly neverMatched: readonly string[];
}

const folder = join(FIXTURES, 'recall', 'mixed-root');
const candidates: RecallCandidate[] = readdirSync(folder).sort().map((file) => {
  const memory = parseMemoryFile(file, readFileSync(join(folder, file), 'utf8'));
  return { name: memory.name ?? memory.stem, file, description: memory.description ?? '' };
});
const set = JSON.parse(readFileSync(join(FIXTURES, 'recall', 'tasks.json'), 'utf8')) as TaskSet;

describe('recall check (a rehearsal from name and description)', () => {
  it('ranks the memories a person chose beforehand in the top 5 for ko/ja/en tasks', () => {
    let found = 0;
    let first = 0;
    let wanted = 0;
    const misses: string[] = [];
    for (const { task, expected } of set.tasks) {
      const top = scoreRecall(task, candidates).slice(0, RECALL_LIMIT).map((hit) => hit.candidate.name);
      for (const name of expected) {
        wanted++;
        if (top.includes(name)) found++;
        if (top[0] === name) first++;
        else misses.push(`${task} -> ${name} (top: ${top.join(', ')})`);
      }
    }
    console.log(`      recall fixture: ${found} of ${wanted} expected memories in the top ${RECALL_LIMIT}, ${first} ranked first`);
    assert.deepEqual(misses, []);
  });

  it('says why a memory matched: the task words found in its name or description', () => {
    const [first] = scoreRecall('write the lab report table', candidates);
    assert.equal(first.candidate.name, 'lab-report-tables');
    assert.deepEqual(first.matches.map((match) => `${match.term}:${match.field}`).sort(), ['lab:name', 'report:name', 'table:name']);
    const [korean] = scoreRecall('데이터 파이프라인이 실패했어', candidates);
    assert.equal(korean.candidate.name, 'data-pipeline');
    assert.ok(korean.matches.some((match) => match.term === '파이프라인' && match.kind === 'exact'));
  });

  it('finds the memories no sample task reaches', () => {
    const tasks = set.tasks.map((entry) => entry.task);
    const none = matchedByNone(tasks, candidates).map((candidate) => candidate.name);
    console.log(`      matched by no task: ${none.join(', ')}; expected beforehand: ${set.neverMatched.join(', ')}`);
    assert.ok(none.includes('notes') && none.includes('about-data'));
    const unreached = unreachedBy(tasks, candidates).map((candidate) => candidate.name);
    for (const name of none) assert.ok(unreached.includes(name));
  });

  it('segments Japanese and strips Korean particles', () => {
    assert.deepEqual(termsOf('デプロイ手順').map((term) => term.term), ['デプロイ', '手順']);
    assert.ok(termsOf('파이프라인은').some((term) => term.term === '파이프라인' && term.kind === 'exact'));
    assert.deepEqual(termsOf('the tables are debugging').map((term) => term.term), ['table', 'debug']);
  });
});
