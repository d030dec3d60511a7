import * as assert from 'node:assert/strict';
import { NearDuplicateIndex } from '../../../../src/core';
import { minHashSignature, SIGNATURE_SIZE } from '../../../../src/core/rules/nearDuplicate/minHash';

// Real-shaped facts written twice (as an agent does in two sessions), and different facts on the same
// subjects that must stay apart.
const SAME = {
  english: [
    'LaTeX ($$...$$) does not render here, so write formulas in Unicode (x², √, ≤). Why: the viewer shows $$ literally. How to apply: every report.',
    'LaTeX does not render in this viewer, so write formulas in Unicode (x², √, ≤). Why: the viewer shows $$ literally. How to apply: in every report.',
  ],
  englishReport: [
    'Reports are delivered as .docx files; never send a PDF. Why: the client edits them in Word. How to apply: export with the lab template.',
    'Deliver reports as .docx, never as PDF. Why: the client edits them in Word. How to apply: export with the lab template before sending.',
  ],
  korean: [
    '실측 데이터가 없을 때 표의 셀은 빈칸으로 남겨둔다. 이론값 생성은 조작으로 간주한다. 이유: 보고서 수치는 실측만 인정된다.',
    '실측 데이터가 없으면 표의 셀은 빈칸으로 남긴다. 이론값을 만들어 넣는 것은 조작으로 간주한다. 이유: 보고서의 수치는 실측만 인정된다.',
  ],
  japanese: [
    '実測データは研究室の共有ドライブ /lab/raw/2026 にある。生データは共有ドライブにのみ置き、ローカルにコピーしない。',
    '実測データは研究室の共有ドライブの /lab/raw/2026 に置いてある。生データは共有ドライブだけに置き、ローカルにはコピーしない。',
  ],
};
const DIFFERENT = [
  'Keep pull requests small; reviewers skim long diffs. Why: the last big PR hid a bug. How to apply: split by feature.',
  'Deploys happen from the main branch only, after the checks pass. Why: a hotfix branch broke production. How to apply: merge first.',
  '보고서는 .docx로 납품하고 PDF는 받지 않는다. 이유: 고객이 워드에서 수정한다.',
  '실측 데이터는 연구실 공유 드라이브에 있다. 로컬에 복사하지 않는다.',
  '報告書は docx で納品し、PDF は受け付けない。理由: 顧客が Word で編集するため。',
  '実測データがない場合、表のセルは空欄のままにする。理論値で埋めない。',
];

/**
 * Sentences of nine words drawn (deterministically) from one project's vocabulary, `shared` of the time,
 * else from words of this note's own subject: two such notes say different things in the same words, as
 * two review rounds of one codebase do.
 */
function vocabularyNote(seed: number, own: readonly string[], sentences: number, shared: number): string {
  const next = (): number => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const out: string[] = [];
  for (let i = 0; i < sentences; i++) {
    const words: string[] = [];
    for (let j = 0; j < 9; j++) words.push(next() < shared ? pick(PROJECT_WORDS, next()) : pick(own, next()));
    out.push(`${words.join(' ')}.`);
  }
  return out.join(' ');
}
const pick = (words: readonly string[], at: number): string => words[Math.floor(at * words.length)];
const PROJECT_WORDS = 'review round branch audit fix currency symbol descriptor tabs options profile market equity crypto formatter price precision test vitest lint typecheck commit origin master guard fallback render section chart card holding portfolio position'.split(' ');
const SEO_WORDS = 'hasoptions overall view kr us seo title root defect chain closed required fail open unknown tab derivation independent'.split(' ');
const CURRENCY_WORDS = 'sub dollar zero bug threading call sites statement hardcoded ternary consolidation compact svg label delegates digits branch'.split(' ');

describe('near-duplicate detection', () => {
  it('finds each reworded fact, in English, Korean and Japanese, and names only its twin', () => {
    const index = new NearDuplicateIndex();
    const texts = new Map<string, string>();
    for (const [language, [first, second]] of Object.entries(SAME)) {
      texts.set(`${language}_1.md`, first);
      texts.set(`${language}_2.md`, second);
    }
    DIFFERENT.forEach((text, i) => texts.set(`different_${i}.md`, text));
    for (const [path, text] of texts) index.add(path, text);
    for (const language of Object.keys(SAME)) {
      const found = index.neighbors(`${language}_1.md`);
      assert.deepEqual(found.map((n) => n.path), [`${language}_2.md`], language);
      assert.ok(found[0].similarity >= 0.4 && found[0].similarity <= 1, `${language}: ${found[0].similarity}`);
    }
    DIFFERENT.forEach((_, i) => assert.deepEqual(index.neighbors(`different_${i}.md`), [], DIFFERENT[i]));
  });

  it('estimates Jaccard similarity within a few hundredths of the exact value', () => {
    // Sets of 4-letter words with a known overlap: the shingles inside shared words are shared.
    const words = Array.from({ length: 400 }, (_, i) => `w${String(i).padStart(3, '0')}`);
    for (const shared of [100, 200, 300]) {
      const a = words.slice(0, 200 + shared / 2).join(' ');
      const b = words.slice(200 - shared / 2, 400).join(' ');
      const [sa, sb] = [minHashSignature(a)!, minHashSignature(b)!];
      const estimate = sa.filter((value, i) => value === sb[i]).length / SIGNATURE_SIZE;
      const exact = exactJaccard(a, b);
      assert.ok(Math.abs(estimate - exact) < 0.12, `shared ${shared}: estimate ${estimate}, exact ${exact}`);
    }
  });

  it('ignores case, punctuation and spacing', () => {
    const index = new NearDuplicateIndex();
    index.add('a.md', 'Keep pull requests small: reviewers skim long diffs!');
    index.add('b.md', 'keep   pull requests small — reviewers skim long diffs');
    const [twin, ...others] = index.neighbors('a.md');
    assert.deepEqual([twin.path, twin.similarity, twin.relation, others], ['b.md', 1, 'alike', []]);
    assert.notEqual(twin.sharedPassage, undefined);
  });

  it('does not index texts too short to call duplicates', () => {
    const index = new NearDuplicateIndex();
    index.add('a.md', 'TODO');
    index.add('b.md', 'TODO');
    assert.equal(index.size, 0);
    assert.deepEqual(index.neighbors('a.md'), []);
  });

  it('answers after updates exactly as a fresh index over the same texts', () => {
    const index = new NearDuplicateIndex();
    const current = randomUpdates(index, { seed: 3, steps: 300, paths: 8 });
    const fresh = new NearDuplicateIndex();
    for (const [path, text] of current) fresh.add(path, text);
    for (const path of current.keys()) assert.deepEqual(index.neighbors(path), fresh.neighbors(path), path);
  });

  it('keeps the near-duplicates it has found current through updates, buckets filling past their limit and emptying again', () => {
    // Memories made of two sentences each share passages with some and MinHash bands with others, so a
    // pair can stay candidates through a passage while a band bucket they share fills past its limit.
    const sentences = [...Object.values(SAME).flat(), ...DIFFERENT];
    const pairs = sentences.flatMap((first, i) => sentences.slice(i + 1).map((second) => `${first} ${second}`));
    for (const [maxBucketSize, texts] of [[2, undefined], [3, undefined], [8, undefined], [2, pairs], [3, pairs]] as const) {
      const index = new NearDuplicateIndex({ maxBucketSize });
      // Asked after every step, as the engine asks, so what the index holds is what it answers next.
      randomUpdates(index, { seed: 11, steps: 200, paths: 10, texts }, (current, step) => {
        const fresh = new NearDuplicateIndex({ maxBucketSize });
        for (const [held, text] of current) fresh.add(held, text);
        for (const held of current.keys()) assert.deepEqual(index.neighbors(held), fresh.neighbors(held), `${held} after step ${step}, limit ${maxBucketSize}${texts ? ', sentence pairs' : ''}`);
      });
    }
  });

  it('tells a memory’s near-duplicates, once found, that it changed into something else and back', () => {
    const index = new NearDuplicateIndex();
    index.update('a.md', SAME.english[0]);
    index.update('b.md', SAME.english[1]);
    assert.deepEqual(index.neighbors('b.md').map((n) => n.path), ['a.md']);
    assert.deepEqual([...index.update('a.md', DIFFERENT[0])], ['b.md']);
    assert.deepEqual(index.neighbors('b.md'), []);
    index.update('a.md', SAME.english[0]);
    const fresh = new NearDuplicateIndex();
    fresh.add('a.md', SAME.english[0]);
    fresh.add('b.md', SAME.english[1]);
    assert.deepEqual(index.neighbors('b.md'), fresh.neighbors('b.md'));
    index.update('a.md', undefined);
    assert.deepEqual(index.neighbors('b.md'), []);
  });

  it('keeps two long copies near-duplicates when one passage they share fills past the bucket limit', () => {
    // Too long for MinHash bands: these two are candidates through their shared passages alone.
    const body = Array.from({ length: 700 }, (_, i) => `Sentence number ${i} of the runbook names host alpha${i} and port ${8000 + i}.`).join(' ');
    const index = new NearDuplicateIndex({ maxBucketSize: 2 });
    index.update('a.md', `${body} Alpha ends with its own closing sentence here.`);
    index.update('b.md', `${body} Beta ends with a different closing sentence here.`);
    assert.deepEqual(index.neighbors('a.md').map((n) => n.path), ['b.md']);
    // A third memory quoting the first sentence: that passage's bucket is too full now, the others are not.
    index.update('c.md', 'Sentence number 0 of the runbook names host alpha0 and port 8000. Nothing else is shared.');
    const fresh = new NearDuplicateIndex({ maxBucketSize: 2 });
    for (const [path, text] of [['a.md', `${body} Alpha ends with its own closing sentence here.`], ['b.md', `${body} Beta ends with a different closing sentence here.`], ['c.md', 'Sentence number 0 of the runbook names host alpha0 and port 8000. Nothing else is shared.']]) fresh.add(path, text);
    assert.deepEqual(index.neighbors('a.md'), fresh.neighbors('a.md'));
    assert.deepEqual(index.neighbors('a.md').map((n) => n.path), ['b.md']);
  });

  it('says whose near-duplicates an update may change: the old and the new twins', () => {
    const index = new NearDuplicateIndex();
    index.add('ko_1.md', SAME.korean[0]);
    index.add('ko_2.md', SAME.korean[1]);
    index.add('ja_1.md', SAME.japanese[0]);
    assert.deepEqual([...index.update('ko_2.md', SAME.japanese[1])].sort(), ['ja_1.md', 'ko_1.md']);
    assert.deepEqual([...index.update('ko_2.md', undefined)], ['ja_1.md']);
  });

  it('answers the same whichever memory is asked first', () => {
    // A full check asks every memory in turn and trusts what it found of those asked before.
    const texts = [...Object.values(SAME).flat(), ...DIFFERENT, ...Object.values(SAME).flat().map((text) => `${text} ${DIFFERENT[0]}`)];
    const paths = texts.map((_, i) => `m_${String(i).padStart(2, '0')}.md`);
    const forward = new NearDuplicateIndex({ maxBucketSize: 3 });
    const backward = new NearDuplicateIndex({ maxBucketSize: 3 });
    texts.forEach((text, i) => {
      forward.add(paths[i], text);
      backward.add(paths[i], text);
    });
    const asked = paths.map((path) => forward.neighbors(path));
    const askedBackward = [...paths].reverse().map((path) => backward.neighbors(path)).reverse();
    assert.deepEqual(asked, askedBackward);
    assert.ok(asked.some((found) => found.length > 0));
  });

  it('does not take two passages whose hashes collide for one rule kept twice, asked either way', () => {
    // Made-up words: the long line and the short one have the same 32-bit passage hash.
    const heavy = 'vu tasdif miulo vumi gripettas borquo renmi vubor ulomidif rengrigri petulo.';
    const light = 'ka bor tasnelvu tasvuka.';
    const first = `${heavy}\nThe staging database is reset every night at two, so never keep test data there.`;
    const second = `${light}\n배포 전에 릴리스 노트를 팀 채널에 올리고 승인을 받는다. 승인 없이 배포하지 않는다.`;
    for (const order of [['a.md', 'b.md'], ['b.md', 'a.md']]) {
      const index = new NearDuplicateIndex();
      index.add('a.md', first);
      index.add('b.md', second);
      for (const path of order) assert.deepEqual(index.neighbors(path), [], `${path}, asked in the order ${order.join(', ')}`);
    }
  });

  it('finds a Japanese rule of two short sentences copied word for word into another memory', () => {
    const rule = 'ログやレポートの時刻はすべてJSTで書く。UTCで書く場合は必ず (UTC) と明記する。';
    const index = new NearDuplicateIndex();
    index.add('feedback_jst.md', `${rule}\n理由: 9月の障害報告でUTCとJSTが混在していて、決済チームとの対応時刻の突き合わせに半日かかった。\n適用: Grafana のスクリーンショットも表示を JST に切り替えてから撮る。`);
    index.add(
      'project_incident.md',
      `障害報告書は Notion の「障害報告」データベースに作成し、担当は当番のSREが持つ。\n- 影響範囲、発生時刻、復旧時刻、原因、再発防止策の順に書く\n- ${rule.slice(0, -1)}\n- 提出から3営業日以内に振り返り会を開き、議事録をリンクする\n- 顧客影響がある場合はCSチームにも共有する`,
    );
    assert.deepEqual(index.neighbors('feedback_jst.md').map((n) => [n.path, n.relation]), [['project_incident.md', 'shares']]);
  });

  it('does not add up short shared checklist items into a rule', () => {
    const checklist = '- [ ] 디스크 사용량 80% 미만 확인\n- [ ] 백업 복구 테스트 결과 확인\n- [ ] 만료 예정 인증서 확인';
    const index = new NearDuplicateIndex();
    index.add('project_api-server.md', `API 서버는 ECS Fargate에서 세 대로 돌고, 배포는 GitHub Actions가 main 푸시 때 롤링으로 한다.\n로그는 CloudWatch에 30일 보관하고 에러율이 1%를 넘으면 온콜에게 전화가 간다.\n${checklist}`);
    index.add('project_batch-server.md', `배치 서버는 EC2 한 대이고 매일 새벽 2시에 정산 작업을 돌린다.\n실패하면 슬랙 #batch 채널로 알림이 오고, 재실행은 운영팀 지호님만 한다.\n${checklist}`);
    assert.deepEqual(index.neighbors('project_api-server.md'), []);
  });

  it('reads a katakana middle dot as a list bullet, not part of the rule after it', () => {
    const rule = '本番DBへの直接クエリは禁止、調査には必ずリードレプリカを使うこと';
    const index = new NearDuplicateIndex();
    index.add('feedback_prod-db.md', `${rule}。\n理由: 10月に集計クエリで本番DBのCPUが100%になり、決済が5分止まった。`);
    index.add('project_data-guide.md', `接続先\n・分析用: analytics-replica（読み取り専用）\n・${rule}\n・BigQuery は日次で同期する`);
    assert.deepEqual(index.neighbors('feedback_prod-db.md').map((n) => [n.path, n.relation]), [['project_data-guide.md', 'shares']]);
  });

  it('treats a band shared by more memories than the limit as boilerplate', () => {
    const index = new NearDuplicateIndex({ maxBucketSize: 3 });
    for (let i = 0; i < 4; i++) index.add(`copy_${i}.md`, SAME.english[0]);
    assert.deepEqual(index.neighbors('copy_0.md'), []);
    index.update('copy_3.md', undefined);
    assert.deepEqual(index.neighbors('copy_0.md').map((n) => n.path), ['copy_1.md', 'copy_2.md']);
  });
});

function exactJaccard(a: string, b: string): number {
  const shingles = (text: string): Set<string> => {
    const normalized = text.toLowerCase();
    const set = new Set<string>();
    for (let i = 3; i < normalized.length; i++) set.add(normalized.slice(i - 3, i + 1));
    return set;
  };
  const [sa, sb] = [shingles(a), shingles(b)];
  let both = 0;
  for (const shingle of sa) if (sb.has(shingle)) both++;
  return both / (sa.size + sb.size - both);
}

/**
 * Seeded updates of `paths` memories to the test texts (one in four a removal); `afterEach` sees the
 * texts held after each step. Returns the texts held at the end.
 */
function randomUpdates(
  index: NearDuplicateIndex,
  { seed, steps, paths, texts = [...Object.values(SAME).flat(), ...DIFFERENT] }: { seed: number; steps: number; paths: number; texts?: readonly string[] },
  afterEach?: (current: ReadonlyMap<string, string>, step: number) => void,
): Map<string, string> {
  const current = new Map<string, string>();
  const next = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
  for (let step = 0; step < steps; step++) {
    const path = `m${next(paths)}.md`;
    if (next(4) === 0) {
      index.update(path, undefined);
      current.delete(path);
    } else {
      const text = texts[next(texts.length)];
      index.update(path, text);
      current.set(path, text);
    }
    afterEach?.(current, step);
  }
  return current;
}

describe('near-duplicates between long memories of one vocabulary', () => {
  const pairOf = (sentences: number, shared: number): readonly [string, string] => [vocabularyNote(7, SEO_WORDS, sentences, shared), vocabularyNote(99, CURRENCY_WORDS, sentences, shared)];
  const estimate = (a: string, b: string): number => {
    const x = minHashSignature(a)!;
    const y = minHashSignature(b)!;
    return x.filter((value, bin) => value === y[bin]).length / SIGNATURE_SIZE;
  };
  const reported = ([a, b]: readonly [string, string]): boolean => {
    const index = new NearDuplicateIndex();
    index.add('project-seo-round.md', a);
    index.add('project-currency-round.md', b);
    return index.neighbors('project-seo-round.md').length > 0;
  };

  it('leaves apart two notes of a page or more that resemble each other only at the plain bar', () => {
    const long = pairOf(24, 0.75);
    const resemblance = estimate(...long);
    assert.ok(long[0].length > 1400 && resemblance >= 0.3 && resemblance < 0.35, `${long[0].length} characters, ${resemblance}`);
    assert.equal(reported(long), false);
  });

  it('still reports two short notes that resemble each other as much', () => {
    const short = pairOf(10, 0.9);
    const resemblance = estimate(...short);
    assert.ok(short[0].length < 800 && resemblance >= 0.3, `${short[0].length} characters, ${resemblance}`);
    assert.equal(reported(short), true);
  });

  it('reports two long notes that resemble each other well past the bar', () => {
    const long = pairOf(60, 0.85);
    assert.ok(estimate(...long) >= 0.4);
    assert.equal(reported(long), true);
  });
});
