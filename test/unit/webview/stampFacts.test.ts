import * as assert from 'node:assert/strict';
import { frontmatterEntries, parseMemoryFile } from '../../../src/core';
import { formatModified, isStampPath, shortSession, splitStamp, stampLine } from '../../../src/webview/editor/stampFacts';

// Written as Claude Code 2.1.x writes a memory: the type and its stamp under metadata.
const STAMPED = [
  '---',
  'name: user-role',
  'description: データ基盤チームのエンジニア',
  'metadata:',
  '  type: user',
  '  node_type: memory',
  '  originSessionId: 0b3c2f1e-9d4a-4c7b-8e21-6f5a3d9c1b07',
  '  modified: 2026-07-30T07:40:12.118Z',
  '  reviewedBy: ana',
  '---',
  'ユーザーはデータ基盤チームのエンジニア。',
  '',
].join('\n');

const WORDS = { stampWrittenBy: 'Written by Claude Code', stampSession: 'session {0}', stampModified: 'modified {0}' };
const UTC = (): number => 0;
const KST = (): number => 9 * 60;

function fieldsOf(text: string) {
  return frontmatterEntries(parseMemoryFile('user_role.md', text)).filter((entry) => !['name', 'description', 'metadata.type'].includes(entry.path));
}

describe('Claude Code\'s stamp in the memory editor form', () => {
  it('takes node_type, originSessionId and modified out of the editable keys and keeps every other key', () => {
    const { stamp, others } = splitStamp(fieldsOf(STAMPED));
    assert.deepEqual(stamp, { writtenByClaudeCode: true, session: '0b3c2f1e-9d4a-4c7b-8e21-6f5a3d9c1b07', modified: '2026-07-30T07:40:12.118Z' });
    assert.deepEqual(others.map((field) => field.path), ['metadata', 'metadata.reviewedBy']);
  });

  it('words the stamp as one line, the time in the reader\'s zone', () => {
    const { stamp } = splitStamp(fieldsOf(STAMPED));
    assert.equal(stampLine(stamp!, WORDS, UTC), 'Written by Claude Code · session 0b3c2f1e… · modified 2026-07-30 07:40');
    assert.equal(stampLine(stamp!, WORDS, KST), 'Written by Claude Code · session 0b3c2f1e… · modified 2026-07-30 16:40');
    assert.equal(stampLine(stamp!, { stampWrittenBy: 'Claude Code가 작성', stampSession: '세션 {0}', stampModified: '수정 {0}' }, KST), 'Claude Code가 작성 · 세션 0b3c2f1e… · 수정 2026-07-30 16:40');
  });

  it('says only what the file says: a session id alone was still written by a Claude Code session', () => {
    const { stamp, others } = splitStamp(fieldsOf(STAMPED.replace('  node_type: memory\n', '').replace('  modified: 2026-07-30T07:40:12.118Z\n', '')));
    assert.deepEqual(stamp, { writtenByClaudeCode: true, session: '0b3c2f1e-9d4a-4c7b-8e21-6f5a3d9c1b07' });
    assert.equal(stampLine(stamp!, WORDS), 'Written by Claude Code · session 0b3c2f1e…');
    assert.deepEqual(others.map((field) => field.path), ['metadata', 'metadata.reviewedBy']);
  });

  it('leaves a key of the same name that is not Claude Code\'s stamp as an ordinary key', () => {
    const odd = STAMPED.replace('node_type: memory', 'node_type: lesson').replace('  modified: 2026-07-30T07:40:12.118Z\n', '  modified:\n    by: ana\n');
    const { stamp, others } = splitStamp(fieldsOf(odd));
    assert.deepEqual(stamp, { writtenByClaudeCode: true, session: '0b3c2f1e-9d4a-4c7b-8e21-6f5a3d9c1b07' });
    assert.deepEqual(others.map((field) => field.path), ['metadata', 'metadata.node_type', 'metadata.modified', 'metadata.modified.by', 'metadata.reviewedBy']);
  });

  it('has no stamp on a memory a person wrote', () => {
    const plain = '---\nname: deploy-freeze\ndescription: 금요일 오후에는 배포하지 않는다\ntype: project\nsource: retro\n---\n본문\n';
    const { stamp, others } = splitStamp(frontmatterEntries(parseMemoryFile('project_deploy_freeze.md', plain)));
    assert.equal(stamp, undefined);
    assert.equal(others.length, 4);
  });

  it('knows the stamp\'s paths, which the form never writes', () => {
    for (const path of ['metadata.node_type', 'metadata.originSessionId', 'metadata.modified']) assert.ok(isStampPath(path), path);
    for (const path of ['modified', 'originSessionId', 'metadata.type', 'metadata.pinned', 'metadata.reviewedBy']) assert.ok(!isStampPath(path), path);
  });

  it('shortens a session id as Show History does and shows a time without a zone as written', () => {
    assert.equal(shortSession('0b3c2f1e-9d4a-4c7b-8e21-6f5a3d9c1b07'), '0b3c2f1e…');
    assert.equal(shortSession('a41c-77'), 'a41c-77');
    assert.equal(formatModified('2026-07-30T07:40:12', KST), '2026-07-30 07:40');
    assert.equal(formatModified('2026-07-30', KST), '2026-07-30');
    assert.equal(formatModified('2026-07-30T23:40:00+09:00', UTC), '2026-07-30 14:40');
    assert.equal(formatModified('last Tuesday', KST), 'last Tuesday');
  });
});
