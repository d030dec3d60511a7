/**
 * Large memories (60-120 KB) for the near-duplicate calibration: architecture notes, incident logs and
 * meeting notes as some folders keep them, written from phrase banks per language and topic and
 * combined deterministically. Two topics share what any two long notes in one language share (function
 * words, dates, numbers, the team's names, common verbs) and nothing else, which is what made unrelated
 * large files look "50% alike" to character shingles.
 */
export type Language = 'en' | 'ko' | 'ja';
export type Topic = 'architecture' | 'incidents' | 'meetings';

interface Bank {
  readonly templates: readonly string[];
  readonly nouns: readonly string[];
  readonly verbs: readonly string[];
  readonly headings: readonly string[];
}

const PEOPLE: Record<Language, readonly string[]> = {
  en: ['Minji', 'Jiwoo', 'Daniel', 'Sora', 'Ken', 'Priya', 'Tom', 'Yuna'],
  ko: ['민지', '지우', '다니엘', '소라', '켄', '프리야', '태호', '유나'],
  ja: ['美咲', '健', 'ダニエル', '空', '拓也', 'プリヤ', '翔', '由奈'],
};

const BANKS: Record<Language, Record<Topic, Bank>> = {
  en: {
    architecture: {
      templates: [
        'The {x} talks to the {y} over gRPC and retries {n} times with exponential backoff.',
        'We {v} the {x} behind the {y} so that a slow {y} cannot block checkout.',
        '{p} proposed to {v} the {x}; the decision on {d} was to keep it in the monolith for now.',
        'Every write to the {x} emits an event on the `{x}.changed` topic, consumed by the {y}.',
        'The {x} keeps its state in Postgres; reads above {n} per second go to the replica.',
        'Do not call the {y} from inside a transaction of the {x}: it holds row locks for {n} ms on average.',
        'The {x} is deployed as {n} pods per region; the {y} scales on queue depth.',
        'Schema changes to the {x} go through expand-and-contract migrations, never a single rename.',
        'Caching in the {x} uses a {n}-second TTL, invalidated by the {y} on every price change.',
        'The boundary between the {x} and the {y} is the `{x}Client` interface; nothing else crosses it.',
      ],
      nouns: ['order service', 'pricing engine', 'inventory store', 'payment gateway', 'search indexer', 'notification hub', 'session cache', 'catalog API', 'ledger', 'fulfilment worker', 'recommendation model', 'auth proxy', 'feature-flag service', 'shipping adapter', 'tax calculator'],
      verbs: ['split out', 'put', 'wrap', 'move', 'rewrite', 'shard', 'isolate', 'version'],
      headings: ['## Services', '## Data flow', '## Storage', '## Decisions', '## Open questions', '## Boundaries'],
    },
    incidents: {
      templates: [
        '{d} {t} — alert fired: error rate of the {x} at {n}% for {m} minutes; {p} was on call.',
        'Root cause: a {x} config push with the wrong {y} value; rolled back at {t}.',
        'Customers saw {x} failures for {m} minutes; {n} tickets came in before the status page was updated.',
        'Mitigation: {p} {v} the {x} and drained traffic from the bad node at {t}.',
        'Follow-up: add a canary for the {x} and alert on {y} saturation above {n}%.',
        'Timeline note: the pager reached {p} at {t}, acknowledged {m} minutes later.',
        'The {x} disk filled up at {t}; log rotation had been off since the {d} upgrade.',
        'Impact was limited to the {y}; the {x} kept serving from cache for {m} minutes.',
        'Postmortem held on {d}; action items owned by {p}, due within {n} days.',
        'Detection gap: no alert on {y} latency, so the {x} degraded silently for {m} minutes.',
      ],
      nouns: ['load balancer', 'DNS resolver', 'TLS certificate', 'message queue', 'primary database', 'CDN edge', 'job scheduler', 'rate limiter', 'connection pool', 'object storage', 'VPN gateway', 'backup job', 'cron runner', 'disk volume', 'kernel patch'],
      verbs: ['restarted', 'failed over', 'scaled up', 'patched', 'rolled back', 'throttled', 'cordoned', 'rebuilt'],
      headings: ['## Incident', '## Timeline', '## Root cause', '## Impact', '## Follow-ups', '## Postmortem'],
    },
    meetings: {
      templates: [
        '{d} weekly sync: {p} presented the {x} results; next step is to {v} the {y} by {d2}.',
        'Agreed: the {x} review moves to Thursdays; {p} sends the agenda the day before.',
        '{p} asked whether the {x} budget covers the {y}; finance answers by {d2}.',
        'Decision: hire one more person for the {x} team in Q{q}; {p} writes the job post.',
        'Action: {p} to {v} the {x} draft and share it in the channel before {d2}.',
        'The {x} workshop is on {d2} at {t}, room {n}; bring laptops with the {y} installed.',
        'Feedback from the {x} pilot: {n} of {m} users asked for the {y} first.',
        'Parked: the {x} question until the {y} numbers are in.',
        '{p} summarized the customer interviews: the {x} is confusing, the {y} is loved.',
        'Retro: the {x} launch went well; the {y} handover needs a checklist.',
      ],
      nouns: ['roadmap', 'hiring plan', 'design review', 'offsite', 'quarterly goals', 'onboarding guide', 'pricing page', 'user research', 'brand refresh', 'partner program', 'support rota', 'newsletter', 'team charter', 'training budget', 'beta program'],
      verbs: ['finish', 'revise', 'present', 'circulate', 'approve', 'translate', 'shorten', 'publish'],
      headings: ['## Attendees', '## Notes', '## Decisions', '## Action items', '## Parking lot', '## Next meeting'],
    },
  },
  ko: {
    architecture: {
      templates: [
        '{x}는 {y}와 gRPC로 통신하고, 실패하면 지수 백오프로 {n}번 재시도한다.',
        '느린 {y} 때문에 결제가 막히지 않도록 {x}를 {y} 뒤로 {v}.',
        '{p}가 {x}를 {v} 제안했지만 {d} 회의에서 당분간 모놀리스에 두기로 했다.',
        '{x}에 쓰기가 일어날 때마다 `{x}.changed` 토픽으로 이벤트를 보내고 {y}가 이를 구독한다.',
        '{x}의 상태는 Postgres에 저장하며 초당 {n}건이 넘는 읽기는 레플리카로 보낸다.',
        '{x} 트랜잭션 안에서 {y}를 호출하지 않는다. 평균 {n}ms 동안 행 잠금을 잡고 있기 때문이다.',
        '{x}는 리전마다 파드 {n}개로 배포하고 {y}는 큐 길이에 따라 확장한다.',
        '{x}의 스키마 변경은 한 번에 이름을 바꾸지 않고 확장 후 축소 방식으로 마이그레이션한다.',
        '{x}의 캐시는 TTL {n}초이며 가격이 바뀔 때마다 {y}가 무효화한다.',
        '{x}와 {y}의 경계는 `Client` 인터페이스이고 그 밖의 것은 넘나들지 않는다.',
      ],
      nouns: ['주문 서비스', '가격 엔진', '재고 저장소', '결제 게이트웨이', '검색 인덱서', '알림 허브', '세션 캐시', '카탈로그 API', '원장', '출고 워커', '추천 모델', '인증 프록시', '기능 플래그 서비스', '배송 어댑터', '세금 계산기'],
      verbs: ['분리했다', '옮겼다', '감쌌다', '다시 작성했다', '샤딩했다', '격리했다', '버전을 나눴다', '배치했다'],
      headings: ['## 서비스', '## 데이터 흐름', '## 저장소', '## 결정 사항', '## 남은 질문', '## 경계'],
    },
    incidents: {
      templates: [
        '{d} {t} — {x} 오류율이 {n}%까지 올라 {m}분간 알림이 울렸다. 당번은 {p}였다.',
        '원인: {x} 설정 배포에 잘못된 {y} 값이 들어갔다. {t}에 롤백했다.',
        '고객은 {m}분 동안 {x} 실패를 겪었고, 상태 페이지가 갱신되기 전에 문의가 {n}건 들어왔다.',
        '조치: {p}가 {x}를 {v} 문제 노드의 트래픽을 {t}에 빼냈다.',
        '후속 작업: {x}에 카나리를 붙이고 {y} 포화도가 {n}%를 넘으면 알림을 보낸다.',
        '타임라인 메모: 호출은 {t}에 {p}에게 갔고 {m}분 뒤에 확인됐다.',
        '{t}에 {x} 디스크가 가득 찼다. {d} 업그레이드 이후 로그 로테이션이 꺼져 있었다.',
        '영향은 {y}에 한정됐고 {x}는 {m}분 동안 캐시로 응답했다.',
        '{d}에 포스트모템을 했고 조치 항목은 {p}가 맡아 {n}일 안에 끝낸다.',
        '탐지 공백: {y} 지연 알림이 없어서 {x}가 {m}분 동안 조용히 느려졌다.',
      ],
      nouns: ['로드 밸런서', 'DNS 리졸버', 'TLS 인증서', '메시지 큐', '주 데이터베이스', 'CDN 엣지', '작업 스케줄러', '요청 제한기', '커넥션 풀', '오브젝트 스토리지', 'VPN 게이트웨이', '백업 작업', '크론 실행기', '디스크 볼륨', '커널 패치'],
      verbs: ['재시작하고', '페일오버하고', '증설하고', '패치하고', '롤백하고', '제한하고', '격리하고', '다시 만들고'],
      headings: ['## 장애', '## 타임라인', '## 근본 원인', '## 영향', '## 후속 작업', '## 포스트모템'],
    },
    meetings: {
      templates: [
        '{d} 주간 회의: {p}가 {x} 결과를 발표했다. 다음 단계는 {d2}까지 {y}를 {v} 것이다.',
        '합의: {x} 리뷰는 목요일로 옮기고 {p}가 하루 전에 안건을 보낸다.',
        '{p}가 {x} 예산으로 {y}까지 충당되는지 물었다. 재무팀이 {d2}까지 답한다.',
        '결정: {q}분기에 {x} 팀에 한 명을 더 뽑는다. 채용 공고는 {p}가 쓴다.',
        '할 일: {p}가 {x} 초안을 {v} {d2} 전에 채널에 공유한다.',
        '{x} 워크숍은 {d2} {t}, {n}호실에서 한다. {y}가 설치된 노트북을 가져온다.',
        '{x} 시범 운영 피드백: 사용자 {m}명 중 {n}명이 {y}를 먼저 원했다.',
        '보류: {y} 수치가 나올 때까지 {x} 문제는 미룬다.',
        '{p}가 고객 인터뷰를 정리했다. {x}는 헷갈리고 {y}는 반응이 좋다.',
        '회고: {x} 출시는 잘 끝났고 {y} 인수인계에는 체크리스트가 필요하다.',
      ],
      nouns: ['로드맵', '채용 계획', '디자인 리뷰', '워크숍', '분기 목표', '온보딩 가이드', '가격 페이지', '사용자 조사', '브랜드 개편', '파트너 프로그램', '고객지원 당번표', '뉴스레터', '팀 헌장', '교육 예산', '베타 프로그램'],
      verbs: ['마무리하는', '고치는', '발표하는', '돌려 보는', '승인하는', '번역하는', '줄이는', '게시하는'],
      headings: ['## 참석자', '## 메모', '## 결정 사항', '## 할 일', '## 보류', '## 다음 회의'],
    },
  },
  ja: {
    architecture: {
      templates: [
        '{x}は{y}と gRPC で通信し、失敗したら指数バックオフで{n}回リトライする。',
        '遅い{y}で決済が止まらないように、{x}を{y}の後ろに{v}。',
        '{p}が{x}を{v}ことを提案したが、{d}の会議でしばらくはモノリスのままにすると決めた。',
        '{x}への書き込みごとに `{x}.changed` トピックへイベントを送り、{y}が購読する。',
        '{x}の状態は Postgres に保存し、毎秒{n}件を超える読み取りはレプリカに回す。',
        '{x}のトランザクションの中から{y}を呼ばない。平均{n}ms 行ロックを握るためだ。',
        '{x}はリージョンごとに{n}個のポッドで動かし、{y}はキューの長さでスケールする。',
        '{x}のスキーマ変更は一度に名前を変えず、拡張してから縮小するマイグレーションで行う。',
        '{x}のキャッシュは TTL {n}秒で、価格が変わるたびに{y}が無効化する。',
        '{x}と{y}の境界は `Client` インターフェースで、それ以外は行き来しない。',
      ],
      nouns: ['注文サービス', '価格エンジン', '在庫ストア', '決済ゲートウェイ', '検索インデクサ', '通知ハブ', 'セッションキャッシュ', 'カタログAPI', '台帳', '出荷ワーカー', '推薦モデル', '認証プロキシ', '機能フラグサービス', '配送アダプタ', '税計算機'],
      verbs: ['切り出した', '移した', '包んだ', '書き直した', 'シャーディングした', '隔離した', 'バージョンを分けた', '置いた'],
      headings: ['## サービス', '## データの流れ', '## ストレージ', '## 決定事項', '## 未解決の問い', '## 境界'],
    },
    incidents: {
      templates: [
        '{d} {t} — {x}のエラー率が{n}%まで上がり、{m}分間アラートが鳴った。当番は{p}だった。',
        '原因:{x}の設定配布に誤った{y}の値が入っていた。{t}にロールバックした。',
        '顧客は{m}分間{x}の失敗に遭い、ステータスページの更新前に問い合わせが{n}件来た。',
        '対応:{p}が{x}を{v}、問題のノードから{t}にトラフィックを抜いた。',
        'フォローアップ:{x}にカナリアを入れ、{y}の飽和度が{n}%を超えたらアラートを出す。',
        'タイムラインのメモ:呼び出しは{t}に{p}へ届き、{m}分後に確認された。',
        '{t}に{x}のディスクが満杯になった。{d}のアップグレード以降ログローテーションが止まっていた。',
        '影響は{y}に限られ、{x}は{m}分間キャッシュから応答していた。',
        '{d}にポストモーテムを行い、対応項目は{p}が担当して{n}日以内に終える。',
        '検知の穴:{y}の遅延アラートがなく、{x}が{m}分間静かに劣化していた。',
      ],
      nouns: ['ロードバランサ', 'DNSリゾルバ', 'TLS証明書', 'メッセージキュー', 'プライマリDB', 'CDNエッジ', 'ジョブスケジューラ', 'レートリミッタ', 'コネクションプール', 'オブジェクトストレージ', 'VPNゲートウェイ', 'バックアップジョブ', 'cron実行機', 'ディスクボリューム', 'カーネルパッチ'],
      verbs: ['再起動し', 'フェイルオーバーし', '増強し', 'パッチを当て', 'ロールバックし', '絞り', '切り離し', '作り直し'],
      headings: ['## 障害', '## タイムライン', '## 根本原因', '## 影響', '## フォローアップ', '## ポストモーテム'],
    },
    meetings: {
      templates: [
        '{d} 定例:{p}が{x}の結果を発表した。次は{d2}までに{y}を{v}こと。',
        '合意:{x}のレビューは木曜に移し、{p}が前日に議題を送る。',
        '{p}が{x}の予算で{y}まで賄えるか質問した。経理が{d2}までに回答する。',
        '決定:第{q}四半期に{x}チームへもう一人採用する。求人票は{p}が書く。',
        'TODO:{p}が{x}の草案を{v}、{d2}より前にチャンネルで共有する。',
        '{x}のワークショップは{d2} {t}、{n}号室で行う。{y}を入れたノートPCを持参。',
        '{x}の試験運用の感想:利用者{m}人中{n}人が{y}を先に欲しがった。',
        '保留:{y}の数字が出るまで{x}の件は先送り。',
        '{p}が顧客インタビューをまとめた。{x}はわかりにくく、{y}は好評だった。',
        '振り返り:{x}のリリースはうまくいったが、{y}の引き継ぎにはチェックリストが要る。',
      ],
      nouns: ['ロードマップ', '採用計画', 'デザインレビュー', 'オフサイト', '四半期目標', 'オンボーディング資料', '料金ページ', 'ユーザー調査', 'ブランド刷新', 'パートナー制度', 'サポート当番表', 'ニュースレター', 'チーム憲章', '研修予算', 'ベータプログラム'],
      verbs: ['仕上げる', '直す', '発表する', '回覧する', '承認する', '翻訳する', '短くする', '公開する'],
      headings: ['## 出席者', '## メモ', '## 決定事項', '## TODO', '## 保留', '## 次回'],
    },
  },
};

const DESCRIPTIONS: Record<Language, Record<Topic, string>> = {
  en: { architecture: 'Architecture notes for the commerce platform: services, data flow, decisions', incidents: 'Incident log 2026: every page, root cause, impact and follow-ups', meetings: 'Product team meeting notes, weekly syncs and decisions, 2026' },
  ko: { architecture: '커머스 플랫폼 아키텍처 노트: 서비스, 데이터 흐름, 결정 사항', incidents: '2026년 장애 기록: 호출, 근본 원인, 영향, 후속 작업', meetings: '제품팀 회의록: 주간 회의와 결정 사항 (2026)' },
  ja: { architecture: 'コマースプラットフォームの設計メモ:サービス、データの流れ、決定事項', incidents: '2026年の障害記録:呼び出し、根本原因、影響、フォローアップ', meetings: 'プロダクトチームの議事録:定例と決定事項(2026年)' },
};

/** A deterministic pseudo-random sequence (a linear congruential generator), so fixtures never change. */
function sequence(seed: number): (n: number) => number {
  let state = (seed * 2654435761) % 2 ** 31;
  return (n) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return (state >> 4) % n;
  };
}

/** The body of a large memory on `topic`, at least `bytes` long in UTF-8, one sentence per line in sections. */
export function largeBody(language: Language, topic: Topic, bytes: number, seed: number): string {
  const bank = BANKS[language][topic];
  const people = PEOPLE[language];
  const next = sequence(seed);
  const pick = <T>(list: readonly T[]): T => list[next(list.length)];
  const date = (): string => `2026-${String(1 + next(12)).padStart(2, '0')}-${String(1 + next(28)).padStart(2, '0')}`;
  const lines: string[] = [];
  let size = 0;
  while (size < bytes) {
    const heading = `${pick(bank.headings)} ${date()}`;
    lines.push('', heading, '');
    size += Buffer.byteLength(heading) + 3;
    for (let i = 0, count = 6 + next(10); i < count; i++) {
      const line = `- ${pick(bank.templates)}`
        .replace(/\{x\}/g, pick(bank.nouns))
        .replace(/\{y\}/g, pick(bank.nouns))
        .replace(/\{v\}/g, pick(bank.verbs))
        .replace(/\{p\}/g, pick(people))
        .replace(/\{d2\}/g, date())
        .replace(/\{d\}/g, date())
        .replace(/\{t\}/g, `${String(next(24)).padStart(2, '0')}:${String(next(60)).padStart(2, '0')}`)
        .replace(/\{n\}/g, String(2 + next(400)))
        .replace(/\{m\}/g, String(5 + next(90)))
        .replace(/\{q\}/g, String(1 + next(4)));
      lines.push(line);
      size += Buffer.byteLength(line) + 1;
    }
  }
  return lines.join('\n').trimStart() + '\n';
}

/** A whole large memory file: frontmatter in Claude Code's shape and a generated body. */
export function largeMemory(language: Language, topic: Topic, name: string, bytes: number, seed: number, body = largeBody(language, topic, bytes, seed)): string {
  return `---\nname: ${name}\ndescription: ${DESCRIPTIONS[language][topic]}\ntype: project\n---\n${body}`;
}

/**
 * `body` with about one line in `every` rewritten (a later session's edits to a long note): the line's
 * numbers changed and a clause added.
 */
export function lightlyEdited(body: string, every: number, language: Language): string {
  const addition = { en: ' (updated)', ko: ' (갱신)', ja: '(更新)' }[language];
  return body
    .split('\n')
    .map((line, i) => (line.startsWith('- ') && i % every === 0 ? line.replace(/\d+/g, (d) => String(Number(d) + 1)) + addition : line))
    .join('\n');
}

/** The small memory each language's meeting notes take in whole, as a newer note does an older one. */
const TAKEN_IN: Record<Language, string> = {
  en: 'en/reference_grafana.md',
  ko: 'ko/reference_raw-data-backup.md',
  ja: 'ja/project_conference-travel.md',
};

/**
 * The large memories of the labeled set, per language: architecture notes (80 KB), an incident log
 * (100 KB) and an older copy of it with one line in ten edited, and meeting notes (70 KB) that take in
 * one of the small memories of `small` whole. Returns the files and the pairs that are duplicates
 * (the log and its copy; the meeting notes and the memory they took in); every other pair is unrelated.
 */
export function labeledLargeMemories(small: ReadonlyMap<string, string>): { files: Map<string, string>; duplicates: [string, string, string][] } {
  const files = new Map<string, string>();
  const duplicates: [string, string, string][] = [];
  let seed = 1;
  for (const language of ['en', 'ko', 'ja'] as const) {
    files.set(`${language}/project_architecture-notes.md`, largeMemory(language, 'architecture', 'architecture-notes', 80_000, seed++));
    const log = largeBody(language, 'incidents', 100_000, seed++);
    files.set(`${language}/reference_incident-log.md`, largeMemory(language, 'incidents', 'incident-log', 0, 0, log));
    files.set(`${language}/reference_incident-log-old.md`, largeMemory(language, 'incidents', 'incident-log-old', 0, 0, lightlyEdited(log, 10, language)));
    duplicates.push([`${language}/reference_incident-log.md`, `${language}/reference_incident-log-old.md`, 'large, lightly edited copy']);
    const notes = largeBody(language, 'meetings', 70_000, seed++);
    const takenIn = small.get(TAKEN_IN[language])!;
    const takenInBody = takenIn.slice(takenIn.indexOf('\n---\n') + 5);
    const middle = notes.indexOf('\n## ', notes.length / 2);
    files.set(`${language}/project_meeting-notes.md`, largeMemory(language, 'meetings', 'meeting-notes', 0, 0, `${notes.slice(0, middle)}\n${takenInBody}${notes.slice(middle)}`));
    duplicates.push([TAKEN_IN[language], `${language}/project_meeting-notes.md`, 'copied whole into a large memory']);
  }
  return { files, duplicates };
}
