import * as assert from 'node:assert/strict';
import { MemoryStore } from '../../../../src/core/memoryStore';
import { ProblemCode } from '../../../../src/core/problems';
import { checkIndexListing } from '../../../../src/core/rules/index/indexListing';
import { resolveTypeSet } from '../../../../src/core/memoryTypes';
import type { RuleContext } from '../../../../src/core/rules/shared/ruleContext';
import { assertLinearTime } from '../../helpers/linearTime';

const memoryText = (name: string, description: string): string => `---\nname: ${name}\ndescription: ${description}\nmetadata:\n  type: feedback\n---\n${description}.\n`;

/**
 * A long MEMORY.md, every entry in Claude Code's own shape, and one memory left out of it for every
 * ten listed: each of those gets the "Add an entry" fix, which writes the index's dash and appends
 * after its last entry. A budget this large loads the whole index, so every fix is planned.
 */
function rootOf(indexText: string): MemoryStore {
  const store = new MemoryStore();
  store.update('MEMORY.md', indexText);
  const listed = indexText.split('\n').filter((line) => line.startsWith('- ')).length;
  for (let i = 0; i < listed; i++) store.update(`feedback_fact_${i}.md`, memoryText(`feedback-fact-${i}`, `리뷰 규칙 ${i}: PR은 작게 유지한다`));
  for (let i = 0; i < listed / 10; i++) store.update(`project_unlisted_${i}.md`, memoryText(`project-unlisted-${i}`, `締め切りは金曜日 ${i}`));
  return store;
}

describe('index-unlisted in linear time', () => {
  const context: RuleContext = {
    store: new MemoryStore(),
    typeSet: resolveTypeSet('claude-code', []),
    budget: { maxLines: 1e9, maxChars: 1e9 },
    modifiedTime: () => undefined,
  };

  it('plans every missing entry of a long MEMORY.md in time linear in its length', () => {
    const stores = new Map<string, MemoryStore>();
    const makeIndex = (size: number): string => {
      const lines = ['# Memory index', ''];
      for (let i = 0, length = 0; length < size; i++) {
        const line = `- [Feedback fact ${i}](feedback_fact_${i}.md) – keep pull requests small; reviewers skim long diffs`;
        lines.push(line);
        length += line.length + 1;
      }
      return lines.join('\n') + '\n';
    };
    let fixes = 0;
    assertLinearTime('index-unlisted over a long MEMORY.md', makeIndex, (indexText) => {
      let store = stores.get(indexText);
      if (!store) stores.set(indexText, (store = rootOf(indexText)));
      for (const memory of store.memories()) {
        for (const problem of checkIndexListing(memory, store, { ...context, store })) {
          assert.equal(problem.code, ProblemCode.IndexUnlisted);
          fixes += problem.fixes?.length ?? 0;
        }
      }
    });
    assert.ok(fixes > 0, 'the unlisted memories got their fix');
  });
});
