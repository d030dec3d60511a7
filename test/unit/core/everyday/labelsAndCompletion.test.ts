import * as assert from 'node:assert/strict';
import { indexLineTitle, linkCompletions, memoryLabel, memoryLabelOf, MemoryStore, parseMemoryFile, rankLinkCandidates, type LinkCandidate } from '../../../../src/core';

const CLAUDE_TYPES = ['user', 'feedback', 'project', 'reference'];

describe('memory labels', () => {
  it('reads the index title first, then the name, then the stem without its <type>_ prefix, never the file name', () => {
    const named = parseMemoryFile('feedback_claude-md-minimal.md', '---\nname: claude-md-minimal\ntype: feedback\n---\nbody\n');
    assert.equal(memoryLabel(named, 'CLAUDE.md는 최소한으로', CLAUDE_TYPES), 'CLAUDE.md는 최소한으로');
    // A name that only repeats the file's topic reads as the topic in words.
    assert.equal(memoryLabel(named, '  ', CLAUDE_TYPES), 'Claude md minimal');
    assert.equal(memoryLabel(named, undefined, CLAUDE_TYPES), 'Claude md minimal');
    const unnamed = parseMemoryFile('feedback_claude-md-minimal.md', '---\ntype: feedback\n---\n');
    assert.equal(memoryLabel(unnamed, undefined, CLAUDE_TYPES), 'Claude md minimal');
    const noFrontmatter = parseMemoryFile('project-release_train.md', 'Release every second Tuesday.\n');
    assert.equal(memoryLabel(noFrontmatter, undefined, CLAUDE_TYPES), 'Release train');
    // A stem that is only a type word is a topic, not a prefix.
    assert.equal(memoryLabel(parseMemoryFile('user.md', 'text\n'), undefined, CLAUDE_TYPES), 'User');
    // A prefix of the file's own unknown type is stripped too.
    assert.equal(memoryLabel(parseMemoryFile('decision_db.md', '---\ntype: decision\n---\n'), undefined, CLAUDE_TYPES), 'Db');
    // A topic in Korean or Japanese has no case to change.
    assert.equal(memoryLabel(parseMemoryFile('project_배포-순서.md', 'text\n'), undefined, CLAUDE_TYPES), '배포 순서');
  });

  it('takes an index title that only repeats the file name for no title, with or without .md', () => {
    const memory = parseMemoryFile('feedback_changelog-on-deploy.md', '---\nname: 배포 때마다 변경 기록 남기기\ntype: feedback\n---\nbody\n');
    for (const title of ['feedback_changelog-on-deploy.md', 'feedback_changelog-on-deploy', '`feedback_changelog-on-deploy.md`', 'Feedback_Changelog_On_Deploy.MD', './feedback_changelog-on-deploy.md']) {
      assert.equal(memoryLabel(memory, title, CLAUDE_TYPES), '배포 때마다 변경 기록 남기기', title);
    }
    const nested = parseMemoryFile('team/project_release.md', '---\nname: リリース手順\ntype: project\n---\n');
    assert.equal(memoryLabel(nested, 'team/project_release.md', CLAUDE_TYPES), 'リリース手順');
    // A title that says more than the file name is a title.
    assert.equal(memoryLabel(memory, 'changelog on deploy', CLAUDE_TYPES), 'changelog on deploy');
  });

  it('takes a name or index title that is only the file name, with or without its type prefix, for no title: the H1 heading, else a short description, else the file\'s topic', () => {
    const headed = parseMemoryFile('feedback_ask-before-migration.md', '---\nname: feedback_ask-before-migration\ndescription: DB 마이그레이션은 실행 전에 물어본다\ntype: feedback\n---\n\n```\n# not a heading\n```\n\n# 마이그레이션 전에 확인 #\n\nbody\n');
    for (const title of [undefined, 'feedback_ask-before-migration', 'ask-before-migration', 'ask_before_migration.md']) {
      assert.deepEqual(memoryLabelOf(headed, title, CLAUDE_TYPES), { text: '마이그레이션 전에 확인', source: 'heading' }, title);
    }
    const bare = parseMemoryFile('user_environment.md', '---\nname: user_environment\ndescription: Windows 11 と Rider を使用\ntype: user\n---\n\n開発環境は Windows 11。\n');
    assert.deepEqual(memoryLabelOf(bare, 'user_environment', CLAUDE_TYPES), { text: 'Windows 11 と Rider を使用', source: 'description' });
    // Without the type among the known ones, the prefix of the file's own type still counts.
    const slug = parseMemoryFile('feedback_small-commits.md', '---\nname: small-commits\ndescription: Keep commits small\ntype: feedback\n---\n');
    assert.deepEqual(memoryLabelOf(slug, undefined, []), { text: 'Keep commits small', source: 'description' });
    // A heading that only names the file is no title either.
    const fileHeading = parseMemoryFile('project_release.md', '---\nname: project_release\n---\n# project_release\n');
    assert.deepEqual(memoryLabelOf(fileHeading, undefined, CLAUDE_TYPES), { text: 'Release', source: 'file' });
    // A title in Japanese is a title though the file is named after it; the same words joined by `_` are a file name.
    const japanese = parseMemoryFile('feedback_ビルド結果は毎朝確認する.md', '---\nname: ビルド結果は毎朝確認する\ndescription: 夜間ビルドの結果を毎朝確認する\ntype: feedback\n---\n');
    assert.deepEqual(memoryLabelOf(japanese, 'ビルド結果は毎朝確認する', CLAUDE_TYPES), { text: 'ビルド結果は毎朝確認する', source: 'index' });
    assert.deepEqual(memoryLabelOf(japanese, 'feedback_ビルド結果は毎朝確認する.md', CLAUDE_TYPES), { text: 'ビルド結果は毎朝確認する', source: 'name' });
    // A readable name stays the title.
    const titled = parseMemoryFile('feedback_keigo.md', '---\nname: 敬語で対応\ndescription: 「です・ます」調\n---\n');
    assert.deepEqual(memoryLabelOf(titled, undefined, CLAUDE_TYPES), { text: '敬語で対応', source: 'name' });
  });

  it('never cuts a description into a label: one that reads whole within 48 columns (CJK counted double) is the title, a longer one gives way to the file\'s topic', () => {
    const standup = parseMemoryFile('project_standup.md', '---\nname: standup\ndescription: The lab standup moved to 10:00; the room is B204 on the second floor\ntype: project\n---\nBring the weekly numbers.\n');
    assert.deepEqual(memoryLabelOf(standup, undefined, CLAUDE_TYPES), { text: 'Standup', source: 'file' });
    const stub = parseMemoryFile('feedback_ask-before-migration.md', '---\ndescription: DB 마이그레이션은 실행 전에 물어본다\n---\n');
    assert.deepEqual(memoryLabelOf(stub, undefined, CLAUDE_TYPES), { text: 'DB 마이그레이션은 실행 전에 물어본다', source: 'description' });
    const described = (description: string): string => memoryLabel(parseMemoryFile('feedback_x-y.md', `---\nname: x-y\ndescription: ${description}\n---\n`), undefined, CLAUDE_TYPES);
    // 24 Japanese characters are 48 columns: whole; one more, and the topic names the row.
    assert.equal(described('マイグレーションは実行前に必ずユーザーに確認する'), 'マイグレーションは実行前に必ずユーザーに確認する');
    assert.equal(described('マイグレーションは実行前に必ずユーザーに確認すること'), 'X y');
    assert.equal(described('Integration tests must hit a real database, never mocks or fakes'), 'X y');
    assert.equal(described('실측 데이터가 없을 때 표의 셀은 빈칸으로 남겨둔다'), 'X y');
    assert.equal(described('Where the billing API reference docs live'), 'Where the billing API reference docs live');
  });

  it('gives a new index line the file\'s topic for title when the label is the description, which the line\'s hook says', () => {
    const short = parseMemoryFile('feedback_tabs.md', '---\nname: tabs\ndescription: 들여쓰기는 탭\ntype: feedback\n---\n');
    assert.equal(indexLineTitle(short, CLAUDE_TYPES), 'Tabs');
    const titled = parseMemoryFile('feedback_keigo.md', '---\nname: 敬語で対応\ndescription: 「です・ます」調\n---\n');
    assert.equal(indexLineTitle(titled, CLAUDE_TYPES), '敬語で対応');
  });
});

describe('completion after [[', () => {
  const candidates: LinkCandidate[] = [
    { kind: 'memory', name: 'math-notation', title: '수식 표기', description: '이 채팅에서는 LaTeX가 렌더링되지 않으니 유니코드 기호로 쓴다' },
    { kind: 'memory', name: 'commit-style', title: 'コミットの書き方', description: 'コミットメッセージは日本語で書く' },
    { kind: 'memory', name: 'release-train', title: 'Release train', description: 'Releases ship every second Tuesday' },
    { kind: 'reservation', name: 'math-fonts' },
  ];
  const names = (typed: string): string[] => rankLinkCandidates(typed, candidates).map((ranked) => ranked.candidate.name);

  it('finds a memory by its title in Korean and Japanese, spaces ignored', () => {
    assert.deepEqual(names('수식'), ['math-notation']);
    assert.deepEqual(names('수식표기'), ['math-notation']);
    assert.deepEqual(names('コミット'), ['commit-style']);
  });

  it('finds a memory by a word of its description, case and width ignored', () => {
    assert.deepEqual(names('latex'), ['math-notation']);
    assert.deepEqual(names('ＬａＴｅＸ'), ['math-notation']);
    assert.deepEqual(names('tuesday'), ['release-train']);
  });

  it('ranks existing memories above reservations, name matches above title and description matches', () => {
    assert.deepEqual(names('math'), ['math-notation', 'math-fonts']);
    assert.deepEqual(names(''), ['commit-style', 'math-notation', 'release-train', 'math-fonts']);
    assert.deepEqual(names('train'), ['release-train']);
    assert.deepEqual(names('releasetrain'), ['release-train']);
    assert.deepEqual(names('nothing-like-this'), []);
  });
});

describe('the list after [[ (linkCompletions, shared by the extension and the language server)', () => {
  const memory = (name: string, type: string, description: string): string => `---\nname: ${name}\ndescription: ${description}\ntype: ${type}\n---\nBody.\n`;

  it('puts what core matched first, then the rest in store order; leaves out the memory being edited and the link being typed', () => {
    const store = new MemoryStore();
    store.update('MEMORY.md', '# Memory\n\n- [수식 표기](feedback_math-notation.md) — 유니코드 기호로 쓴다\n');
    store.update('feedback_math-notation.md', memory('math-notation', 'feedback', 'Write formulas in Unicode'));
    store.update('project_release-train.md', memory('release-train', 'project', 'Releases ship on Tuesdays') + 'Ask [[release-owner]]. See [[수식');
    store.update('user_role.md', memory('role', 'user', 'What the user does') + 'Reports to [[release-owner]].\n');
    const line = 6;
    const character = 'Ask [[release-owner]]. See [[수식'.length;
    const list = linkCompletions(store, 'project_release-train.md', { line, character }, '수식', CLAUDE_TYPES);
    assert.deepEqual(list.map(({ candidate, rank, byCore }) => [candidate.name, rank, byCore]), [['math-notation', 2, true], ['role', 20, false], ['release-owner', 30, false]]);
    assert.equal(list[0].memory?.path, 'feedback_math-notation.md');
    // The reservation keeps only the other memory's link: the one in the file being edited is not offered as its own.
    const typing = linkCompletions(store, 'user_role.md', { line: 6, character: 15 }, 'release', CLAUDE_TYPES);
    assert.deepEqual(typing.map(({ candidate }) => candidate.name), ['release-train', 'release-owner', 'math-notation']);
    assert.deepEqual(typing[1].reservation?.references.map((reference) => reference.source.path), ['project_release-train.md']);
  });
});
