import { framedSentence } from './grammar';
import type { Random } from './random';
import { DURATIONS, FORMATS, hangulName, katakanaName, latinName, TASKS, UI_LABELS, WEEKDAYS, type Language } from './vocabulary';

/**
 * Sentence shapes of real memories (a rule, a preference, a fact about a project, a pointer), with
 * slots filled from the vocabulary: {P} project, {T} tool, {K} task, {F} format, {D} duration,
 * {W} weekday, {L} UI label, {N} number, {I} identifier, {R} person, {X} absolute date, {C} path.
 */
const FACTS: Record<Language, readonly string[]> = {
  en: [
    '{K} for {P} goes out as {F}, never as {F}.',
    'Run `{T} check --strict` before pushing to `{P}/main`; the CI job takes about {D}.',
    '{R} owns {K}; ask them before changing `{C}`.',
    'The "{L}" button in {T} drops the comments, so export from the command line instead.',
    '{P} stores timestamps in UTC; the dashboard shows them in Asia/Seoul.',
    'Keep `{I}` under {N} entries or {T} times out after {D}.',
    'Since {X}, {K} lives in `{C}` rather than the shared drive.',
    'Tables in {K} for {P} leave a cell empty when {T} has no value; never write 0.',
    'The {P} staging server restarts every {W} at 03:00; long jobs started late on {W} die.',
    '{T} rounds to {N} decimal places, which hides the drift in {K}.',
    'Write formulas for {K} in Unicode (x², √2) because the {T} viewer does not render LaTeX.',
    'Past {N} rows, {T} splits `{C}` into parts; join them before sending {K} to {R}.',
    '{R} signs off {K} on {W}s; anything later waits a week.',
    'Use the {P} sandbox account for demos; the real one bills {N} won per call.',
    'Mention {R} by handle (@{I}) in {P} threads; names are ambiguous there.',
    'The {P} wiki page on {K} is out of date since {X}; `{C}` is the source.',
    'Reviewers of {P} want one change per pull request and a screenshot of "{L}" when the UI moves.',
    'The {T} API rate limit is {N} requests per minute per token.',
    '{R} prefers answers about {K} with the `{T}` command first.',
  ],
  ko: [
    '{P}의 {K}는 {F}로 납품하고 {F}는 받지 않는다.',
    '`{P}/main`에 푸시하기 전에 `{T} check --strict`를 돌린다. CI는 {D} 정도 걸린다.',
    '{K} 담당은 {R} 님이다. `{C}`를 바꾸기 전에 먼저 물어본다.',
    '{T}의 "{L}" 버튼은 댓글을 지우므로 명령줄에서 내보낸다.',
    '{P}는 시각을 UTC로 저장하고 대시보드는 서울 시간으로 보여 준다.',
    '`{I}` 항목은 {N}개 아래로 유지한다. 넘으면 {T}가 {D} 뒤에 타임아웃 난다.',
    '{X}부터 {K}는 공유 드라이브가 아니라 `{C}`에 둔다.',
    '{T}에 값이 없으면 {P}의 {K} 표 셀은 빈칸으로 둔다. 0을 쓰지 않는다.',
    '{P} 스테이징 서버는 매주 {W} 새벽 3시에 재시작된다.',
    '{T}는 소수점 {N}자리에서 반올림해서 {K}의 오차가 가려진다.',
    '{T} 뷰어는 LaTeX를 렌더링하지 않으니 {K}의 수식은 유니코드(x², √2)로 쓴다.',
    '{N}행이 넘으면 {T}가 `{C}`를 나눠 저장하니, {R} 님께 {K}를 보내기 전에 합친다.',
    '{K} 결재는 {R} 님이 {W}에 한다. 늦으면 한 주를 기다린다.',
    '시연에는 {P} 샌드박스 계정을 쓴다. 실제 계정은 호출당 {N}원이 나간다.',
    '{P} 스레드에서는 {R} 님을 @{I}로 부른다. 이름이 겹친다.',
    '{X} 이후 {K}에 관한 {P} 위키는 낡았다. 기준은 `{C}`다.',
    '{P} 리뷰어는 PR 하나에 변경 하나를 원하고, UI가 바뀌면 "{L}" 화면 캡처를 붙인다.',
    '{T} API는 토큰당 분당 {N}회로 제한된다.',
    '{R} 님은 {K} 질문에 `{T}` 명령부터 쓴 답을 선호한다.',
  ],
  ja: [
    '{P}の{K}は{F}で納品し、{F}では受け取らない。',
    '`{P}/main`にプッシュする前に`{T} check --strict`を実行する。CIは{D}ほどかかる。',
    '{K}の担当は{R}さん。`{C}`を変える前に確認する。',
    '{T}の「{L}」ボタンはコメントを消すので、コマンドラインから書き出す。',
    '{P}は時刻をUTCで保存し、ダッシュボードでは日本時間で表示する。',
    '`{I}`の項目は{N}件未満に保つ。超えると{T}が{D}でタイムアウトする。',
    '{X}から、{K}は共有ドライブではなく`{C}`に置く。',
    '{T}に値がない場合、{P}の{K}の表のセルは空欄にする。0とは書かない。',
    '{P}のステージングサーバーは毎週{W}の午前3時に再起動する。',
    '{T}は小数点以下{N}桁で丸めるので、{K}のずれが見えなくなる。',
    '{T}のビューアはLaTeXを表示しないので、{K}の数式はUnicode(x²、√2)で書く。',
    '{N}行を超えると{T}が`{C}`を分割するので、{R}さんに{K}を送る前に結合する。',
    '{K}の承認は{R}さんが{W}に行う。遅れると1週間待つ。',
    'デモには{P}のサンドボックスを使う。本番アカウントは1回{N}円かかる。',
    '{P}のスレッドでは{R}さんを@{I}で呼ぶ。同じ名前の人がいる。',
    '{X}以降、{K}に関する{P}のwikiは古い。正は`{C}`。',
    '{P}のレビュアーは1つのPRに1つの変更を求め、UIが変わったら「{L}」の画面を添える。',
    '{T}のAPIはトークンごとに毎分{N}回まで。',
    '{R}さんは{K}の質問に`{T}`のコマンドから書いた回答を好む。',
  ],
};

const REASONS: Record<Language, readonly string[]> = {
  en: [
    'the client\'s template only opens {F}, and a {F} file was sent back on {X}.',
    '{R} lost {D} of work when {T} overwrote `{C}`.',
    'the numbers in {K} were questioned at the {P} review and nobody could trace them.',
    'a mixed time zone in {K} moved a deadline by a day.',
    'long replies get skimmed; {R} said so after the {P} kickoff.',
    'the free tier of {T} caps at {N} calls, and the nightly job hit it twice.',
    '{P} is audited, and an empty cell is honest where a guess is not.',
  ],
  ko: [
    '고객사 양식이 {F}만 열리고, {X}에 {F} 파일이 반려됐다.',
    '{T}가 `{C}`를 덮어써서 {R} 님이 {D} 작업을 잃었다.',
    '{P} 리뷰에서 {K}의 숫자 출처를 아무도 설명하지 못했다.',
    '{K}에 시간대가 섞여 마감이 하루 밀렸다.',
    '긴 답은 대충 읽힌다. {P} 킥오프 뒤에 {R} 님이 그렇게 말했다.',
    '{T} 무료 요금제는 {N}회가 한도인데 야간 작업이 두 번 걸렸다.',
    '{P}는 감사를 받으므로 추정값보다 빈칸이 정직하다.',
  ],
  ja: [
    '先方のテンプレートは{F}しか開けず、{X}に{F}のファイルが差し戻された。',
    '{T}が`{C}`を上書きし、{R}さんが{D}分の作業を失った。',
    '{P}のレビューで{K}の数字の出どころを誰も説明できなかった。',
    '{K}でタイムゾーンが混ざり、締め切りが1日ずれた。',
    '長い回答は読み飛ばされる。{P}のキックオフの後に{R}さんがそう言った。',
    '{T}の無料プランは{N}回までで、夜間ジョブが2回上限に達した。',
    '{P}は監査対象なので、推測より空欄のほうが誠実だ。',
  ],
};

const APPLIES: Record<Language, readonly string[]> = {
  en: [
    'when {K} is due, convert to {F} last and check the file opens.',
    'before touching `{C}`, run `{T} diff` and paste the output into the PR.',
    'in every table of {K}, leave unknown cells blank.',
    'schedule {P} jobs to finish before {W} night.',
    'answer {R} with the command on the first line.',
  ],
  ko: [
    '{K} 마감 때는 마지막에 {F}로 변환하고 파일이 열리는지 확인한다.',
    '`{C}`를 건드리기 전에 `{T} diff` 결과를 PR에 붙인다.',
    '{K}의 모든 표에서 모르는 값은 비워 둔다.',
    '{P} 작업은 {W} 밤 전에 끝나도록 잡는다.',
    '{R} 님에게는 첫 줄에 명령을 쓴다.',
  ],
  ja: [
    '{K}の締め切りでは、最後に{F}へ変換してファイルが開けるか確かめる。',
    '`{C}`を触る前に`{T} diff`の結果をPRに貼る。',
    '{K}の表では、わからない値は空欄にする。',
    '{P}のジョブは{W}の夜までに終わるように組む。',
    '{R}さんへの回答は1行目にコマンドを書く。',
  ],
};

const SURNAMES_KO = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임', '한', '오', '서', '신', '권'];
const SURNAMES_JA = ['佐藤', '鈴木', '高橋', '田中', '伊藤', '渡辺', '山本', '中村', '小林', '加藤', '吉田', '山田'];

/** Fills the slots of a template for one memory; the same `names` keep one project and tool per memory. */
export function fill(template: string, language: Language, random: Random, names: MemoryNames): string {
  return template.replace(/\{([A-Z])\}/g, (_, slot: string) => {
    switch (slot) {
      case 'P': return names.project;
      case 'T': return names.tool;
      case 'K': return random.pick(TASKS[language]);
      case 'F': return random.pick(FORMATS);
      case 'D': return random.pick(DURATIONS[language]);
      case 'W': return random.pick(WEEKDAYS[language]);
      case 'L': return random.pick(UI_LABELS[language]);
      case 'N': return String(2 + random.below(500));
      case 'I': return `${names.tool.toLowerCase()}${random.pick(['Queue', 'Cache', 'Rows', 'Jobs', 'Keys', 'Items'])}`;
      case 'R': return names.person;
      case 'X': return `2026-${String(1 + random.below(12)).padStart(2, '0')}-${String(1 + random.below(28)).padStart(2, '0')}`;
      case 'C': return `${names.project.toLowerCase()}/${random.pick(['docs', 'src', 'data', 'out', 'reports'])}/${names.tool.toLowerCase()}.${random.pick(['md', 'ts', 'csv', 'yaml'])}`;
      default: return slot;
    }
  });
}

/** The proper names one memory talks about. */
export interface MemoryNames {
  readonly project: string;
  readonly tool: string;
  readonly person: string;
}

export function memoryNames(language: Language, random: Random): MemoryNames {
  const project = language === 'ko' && random.chance(0.5) ? hangulName(random) : language === 'ja' && random.chance(0.5) ? katakanaName(random) : latinName(random);
  const person = language === 'ko' ? random.pick(SURNAMES_KO) + hangulName(random).slice(0, 2)
    : language === 'ja' ? random.pick(SURNAMES_JA)
      : latinName(random);
  return { project, tool: latinName(random), person };
}

/** A third of the sentences from the templates above, the rest from the small frames of grammar.ts. */
function sentence(templates: readonly string[], language: Language, random: Random, names: MemoryNames): string {
  if (random.chance(0.3)) return fill(random.pick(templates), language, random, names);
  return framedSentence(language, random, (text) => fill(text, language, random, names));
}

export const fact = (language: Language, random: Random, names: MemoryNames): string => sentence(FACTS[language], language, random, names);
/** `count` different facts, so a memory does not say one thing twice. */
export function facts(language: Language, random: Random, names: MemoryNames, count: number): string[] {
  const said = new Set<string>();
  while (said.size < count) said.add(fact(language, random, names));
  return [...said];
}
export const reason = (language: Language, random: Random, names: MemoryNames): string => sentence(REASONS[language], language, random, names);
export const application = (language: Language, random: Random, names: MemoryNames): string => sentence(APPLIES[language], language, random, names);
