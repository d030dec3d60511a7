import * as assert from 'node:assert/strict';
import { MemoryStore, ProblemEngine, topicIndexOf, parseMemoryFile } from '../../../../src/core';
import { checkedEngine, claudeTypes } from './ruleHelpers';

const memory = (name: string, description: string): string => `---\nname: ${name}\ndescription: ${description}\nmetadata:\n  type: project\n---\n\n${description}.\n`;

/** A tree index (issue #39): MEMORY.md links two topic indexes, one listing by link, one by number. */
function treeRoot(): Map<string, string> {
  return new Map([
    ['MEMORY.md', '# Memory\n\n- [Role](user_role.md) — staff engineer\n\n## Topics\n- **[Auth](index-auth.md)** — sessions and tokens\n- [Billing](billing/INDEX.md) — numbered notes\n'],
    ['user_role.md', memory('user-role', 'Staff engineer on the payments team')],
    ['index-auth.md', '# Auth\n\n- [Session cookies](project_session-cookies.md) — SameSite=Lax\n- [Token refresh](project_token-refresh.md) — rotate on use\n'],
    ['project_session-cookies.md', memory('project_session-cookies', 'Session cookies are SameSite=Lax with a 14-day expiry')],
    ['project_token-refresh.md', memory('project_token-refresh', 'Refresh tokens rotate on every use and are never reused')],
    ['billing/INDEX.md', '# Billing\n\n1. Invoice schedule — the 1st, net 30\n2. Refund policy — 30 days\n'],
    ['billing/1-invoice-schedule.md', memory('invoice-schedule', 'Invoices go out on the first of the month, net 30')],
    ['billing/2-refund-policy.md', memory('refund-policy', 'Refunds are accepted within thirty days to the card')],
  ]);
}

/** Every problem as "path code", sorted. */
function findings(engine: ProblemEngine): string[] {
  return [...engine.allProblems()].map((problem) => `${problem.path} ${problem.code}`).sort();
}

describe('topic indexes: memories a linked topic index lists are listed (issue #39)', () => {
  it('reads index-named lists and lists of links as topic indexes, and memories with links as memories', () => {
    assert.ok(topicIndexOf(parseMemoryFile('index-auth.md', treeRoot().get('index-auth.md')!)));
    assert.ok(topicIndexOf(parseMemoryFile('billing/INDEX.md', treeRoot().get('billing/INDEX.md')!)));
    const typedWithLinks = memory('api-overview', 'Where each API is described').replace('.\n', ': [a](a.md), [b](b.md), [c](c.md).\n');
    assert.equal(topicIndexOf(parseMemoryFile('project_api-overview.md', typedWithLinks)), undefined);
    assert.equal(topicIndexOf(parseMemoryFile('index-notes.md', '# Notes\n\nJust one line of prose.\n')), undefined);
  });

  it('finds nothing in a tidy tree: no leaf unlisted, no topic index taken for a memory without frontmatter', () => {
    assert.deepEqual(findings(checkedEngine(treeRoot())), []);
  });

  it('checks a topic index\'s lines there: a dead entry, a repeated one', () => {
    const files = treeRoot();
    files.set('index-auth.md', `${files.get('index-auth.md')}- [Gone](project_gone.md) — removed\n- [Again](project_token-refresh.md) — twice\n`);
    assert.deepEqual(findings(checkedEngine(files)), ['index-auth.md index-duplicate-entry', 'index-auth.md index-missing-file']);
  });

  it('reports a memory listed only in a topic index MEMORY.md does not link, offering to link the index', () => {
    const files = treeRoot();
    files.set('MEMORY.md', files.get('MEMORY.md')!.replace('- **[Auth](index-auth.md)** — sessions and tokens\n', ''));
    const engine = checkedEngine(files);
    assert.deepEqual(findings(engine), ['project_session-cookies.md index-unlisted', 'project_token-refresh.md index-unlisted']);
    const [problem] = engine.problemsFor('project_session-cookies.md');
    assert.match(problem.message, /Listed only in index-auth\.md/);
    assert.deepEqual(problem.fixes?.map((fix) => [fix.title, fix.safe ?? false]), [['Link index-auth.md from MEMORY.md', false], ['Add an entry to MEMORY.md', false]]);
  });

  it('keeps the same findings as a fresh check through every change to the tree', () => {
    const files = treeRoot();
    const store = new MemoryStore();
    for (const [path, text] of files) store.update(path, text);
    const engine = new ProblemEngine(store, { typeSet: claudeTypes });
    engine.checkAll();
    const steps: [string, string | undefined][] = [
      ['MEMORY.md', files.get('MEMORY.md')!.replace('- [Billing](billing/INDEX.md) — numbered notes\n', '')],
      ['index-auth.md', '# Auth\n\n- [Session cookies](project_session-cookies.md) — SameSite=Lax\n'],
      ['billing/3-tax.md', memory('tax', 'VAT is added at checkout for customers in the EU')],
      ['MEMORY.md', files.get('MEMORY.md')!],
      ['billing/INDEX.md', '# Billing\n\n1. Invoice schedule\n2. Refund policy\n3. Tax\n'],
      ['project_token-refresh.md', undefined],
      ['index-auth.md', `${files.get('index-auth.md')}- [Gone](project_gone.md) — removed\n`],
      ['project_gone.md', memory('project_gone', 'A memory that came back under the dead entry')],
      ['index-auth.md', memory('index-auth', 'Now a memory of its own, not an index')],
      ['billing/INDEX.md', undefined],
    ];
    for (const [path, text] of steps) {
      const change = text === undefined ? store.remove(path) : store.update(path, text);
      engine.applyChange(change);
      const fresh = new Map<string, string>();
      for (const file of store.memories()) fresh.set(file.path, file.text);
      if (store.index) fresh.set('MEMORY.md', store.index.text);
      assert.deepEqual(findings(engine), findings(checkedEngine(fresh)), `after changing ${path}`);
    }
  });
});

describe('one code for one index construct (issue #39, kind 7)', () => {
  for (const [language, lines] of [
    ['en', ['- **Never** push to main directly — see [[git-flow]]', '- **Always** run migrations in a transaction — see [[db-migrations]]', '- **Never** log tokens or secrets, in any environment', '- **Always** test against a real database, never mocks']],
    ['ko', ['- **절대** main에 직접 푸시하지 않는다 — [[git-flow]] 참고', '- **항상** 마이그레이션은 트랜잭션 안에서 실행한다 — [[db-migrations]]', '- **절대** 토큰이나 비밀값을 로그에 남기지 않는다', '- **항상** 실제 DB로 테스트하고 목은 쓰지 않는다']],
    ['ja', ['- **絶対に** main へ直接プッシュしない — [[git-flow]] を参照', '- **必ず** マイグレーションはトランザクション内で実行する — [[db-migrations]]', '- **絶対に** トークンや秘密値をログに出さない', '- **必ず** 本物の DB でテストし、モックは使わない']],
  ] as const) {
    it(`reports core-invariant lines as one block of facts, with or without a pointer (${language})`, () => {
      const files = new Map([
        ['MEMORY.md', `# Memory\n\n## Core invariants\n${lines.join('\n')}\n\n## Index\n- [Git flow](git-flow.md) — branches\n- [Migrations](db-migrations.md) — schema changes\n`],
        ['git-flow.md', memory('git-flow', 'Feature branches are squash-merged after review')],
        ['db-migrations.md', memory('db-migrations', 'Schema changes ship as expand and contract migrations')],
      ]);
      assert.deepEqual(findings(checkedEngine(files)).filter((finding) => finding.startsWith('MEMORY.md')), ['MEMORY.md index-inline-memory']);
    });
  }

  it('still reads a bullet led by a [[link]] as an entry gone wrong', () => {
    const files = new Map([['MEMORY.md', '# Memory\n\n- [[git-flow]] — branch and merge rules\n'], ['git-flow.md', memory('git-flow', 'Feature branches are squash-merged after review')]]);
    assert.ok(findings(checkedEngine(files)).includes('MEMORY.md index-malformed-line'));
  });
});
