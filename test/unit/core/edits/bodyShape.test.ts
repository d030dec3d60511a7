import * as assert from 'node:assert/strict';
import { folderTemplate, MemoryStore, planStub } from '../../../../src/core';
import { storeOf } from '../links/fileEdits';

const memory = (name: string, type: string, body: string): string => `---\nname: ${name}\ndescription: about ${name}\ntype: ${type}\n---\n\n${body}\n`;

/** Claude Code's feedback shape, as an agent writes it: the rule, then **Why:** and **How to apply:** lines. */
const claudeShaped = (rule: string, why: string, how: string): string => `${rule}\n\n**Why:** ${why}\n\n**How to apply:** ${how}`;

describe('a new memory follows its folder\'s body shape', () => {
  it('takes the neighbours\' **Why:** / **How to apply:** lines in place of the built-in headings (ko)', () => {
    const store = storeOf(new Map([
      ['feedback_pnpm.md', memory('pnpm만', 'feedback', claudeShaped('npm 대신 pnpm만 쓴다.', '잠금 파일이 하나다.', '설치 명령은 pnpm으로 쓴다.'))],
      ['feedback_tests.md', memory('관련 테스트 먼저', 'feedback', claudeShaped('관련 파일의 테스트만 먼저 돌린다.', '전체는 10분 걸린다.', '변경한 파일의 테스트부터.'))],
      ['project_cache.md', memory('장바구니 캐시', 'project', '장바구니 캐시는 Redis, TTL 30분.')],
    ]));
    assert.equal(folderTemplate(store, 'feedback'), '\n\n\n**Why:**\n\n**How to apply:**\n');
    const plan = planStub(store, { name: '금요일 배포 금지', type: 'feedback', description: '금요일 15시 이후 배포하지 않는다', fileStem: 'feedback_no-friday-deploys' });
    assert.ok(plan.ok);
    assert.equal(plan.content, '---\nname: 금요일 배포 금지\ndescription: 금요일 15시 이후 배포하지 않는다\ntype: feedback\n---\n\n\n\n**Why:**\n\n**How to apply:**\n');
    // The cursor waits on the line for the rule, above the labels.
    assert.deepEqual(plan.cursor, { line: 6, character: 0 });
  });

  it('keeps the folder\'s own labels and its # title (ja)', () => {
    const store = storeOf(new Map([
      ['feedback_keigo.md', memory('敬語', 'feedback', `# 敬語で対応\n\n社外には敬語で書く。\n\n**理由:** 取引先の指定。\n\n**適用:** メールとチャット。`)],
      ['feedback_small.md', memory('小さいコミット', 'feedback', `# 小さいコミット\n\n1 コミット 1 変更。\n\n**理由:** レビューしやすい。\n\n**適用:** PR ごと。`)],
    ]));
    assert.equal(folderTemplate(store, 'feedback'), '# {{name}}\n\n\n\n**理由:**\n\n**適用:**\n');
  });

  it('takes the whole folder\'s shape when the type has fewer than two memories (en)', () => {
    const store = storeOf(new Map([
      ['feedback_a.md', memory('a', 'feedback', claudeShaped('Do A.', 'Because.', 'Always.'))],
      ['feedback_b.md', memory('b', 'feedback', claudeShaped('Do B.', 'Because.', 'Always.'))],
      ['project_c.md', memory('c', 'project', 'Plain fact.')],
    ]));
    assert.equal(folderTemplate(store, 'project'), '\n\n\n**Why:**\n\n**How to apply:**\n');
    assert.equal(folderTemplate(store, 'reference'), '\n\n\n**Why:**\n\n**How to apply:**\n');
  });

  it('keeps the built-in template where fewer than half of the neighbours use labelled lines, or labels sit in code', () => {
    const plain = storeOf(new Map([
      ['feedback_a.md', memory('a', 'feedback', claudeShaped('Do A.', 'Because.', 'Always.'))],
      ['feedback_b.md', memory('b', 'feedback', '## What was corrected\n\nB.')],
      ['feedback_c.md', memory('c', 'feedback', 'Just C.')],
    ]));
    assert.equal(folderTemplate(plain, 'feedback'), undefined);
    const plan = planStub(plain, { name: 'new-rule', type: 'feedback', description: 'x' });
    assert.ok(plan.ok && plan.content.includes('## What was corrected'));
    const fenced = storeOf(new Map([
      ['feedback_a.md', memory('a', 'feedback', '```md\n**Why:** example\n```')],
      ['feedback_b.md', memory('b', 'feedback', '```md\n**Why:** example\n```')],
    ]));
    assert.equal(folderTemplate(fenced, 'feedback'), undefined);
  });

  it('a person\'s own template still comes first', () => {
    const store = storeOf(new Map([
      ['feedback_a.md', memory('a', 'feedback', claudeShaped('Do A.', 'Because.', 'Always.'))],
      ['feedback_b.md', memory('b', 'feedback', claudeShaped('Do B.', 'Because.', 'Always.'))],
    ]));
    const plan = planStub(store, { name: 'mine', type: 'feedback', template: '# {{name}}\n\nMine.\n' });
    assert.ok(plan.ok && plan.content.endsWith('---\n# mine\n\nMine.\n'));
  });
});

describe('the first memory of an empty folder (issue #40)', () => {
  it('takes Claude Code\'s own body: the fact, then **Why:** and **How to apply:** for feedback and project; no title, no sections', () => {
    const empty = new MemoryStore();
    const feedback = planStub(empty, { name: '배포-동결', type: 'feedback', fileStem: 'feedback_배포-동결', description: '목요일 저녁 이후 배포 금지' });
    assert.ok(feedback.ok);
    assert.equal(feedback.content, '---\nname: 배포-동결\ndescription: 목요일 저녁 이후 배포 금지\nmetadata:\n  type: feedback\n---\n\n\n\n**Why:**\n\n**How to apply:**\n');
    // The cursor waits on the fact's line, above the labels.
    assert.deepEqual(feedback.cursor, { line: 7, character: 0 });
    const user = planStub(empty, { name: 'role', type: 'user', fileStem: 'user_role', description: 'Backend engineer' });
    assert.ok(user.ok);
    assert.doesNotMatch(user.content, /^#|\*\*Why/m);
  });
});
