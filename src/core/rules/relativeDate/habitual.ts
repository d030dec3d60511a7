// ---------------------------------------------------------------------------------------------------
// Habits, rules and what a product shows: "the bot posts today's on-call each morning", "never deploy
// today what you cannot roll back tomorrow", "the widget shows today's total", 홈 화면에 오늘 할 일을
// 표시한다, 今日の支出合計を表示する. Their "today" is the reader's day every time the sentence holds, not a
// point counted from the writing. A clause telling of one occasion (a past tense, a plan) stays a finding:
// "every test failed yesterday", "the dashboard showed yesterday's errors", and so does the start or end
// of a habit: "from next week, releases are monthly", 来週から毎月.

const WEEKDAY = '(?:mon|tues|wednes|thurs|fri|satur|sun)day';
const EN_FREQUENCY = new RegExp(
  String.raw`\b(?:always|never|usually|typically|generally|normally|whenever|daily|nightly|${WEEKDAY}s|(?:every|each)\s+(?:other\s+)?(?:day|night|morning|evening|afternoon|week|month|time|run|release|sprint|deploy|session|build|weekday|${WEEKDAY}))\b`,
  'i',
);
// A past verb ends in -ed, but the end of a compound adjective does not tell of an occasion ("long-lived
// tokens", "AI-powered search"), nor do need, speed or indeed.
const EN_EPISODE = new RegExp(
  String.raw`\b(?:(?<!-)(?!(?:need|speed|seed|feed|bleed|breed|proceed|succeed|exceed|indeed|embed|hundred|bed|red|shed)\b)[a-z]+ed(?!-)|was|were|did|had|took|ran|got|went|came|made|wrote|sent|saw|found|told|said|broke|began|fell|rose|grew|left|lost|won|paid|built|bought|brought|caught|chose|drove|forgot|gave|held|kept|knew|led|meant|met|sold|spent|spoke|stood|taught|thought|threw|woke|froze|flew|drew|rode|shut|will|won['’]t|going\s+to|gonna|plan(?:s|ned)?\s+to|scheduled)\b|['’]ll\b`,
  'i',
);
// "shows today's total", "lists yesterday's signups": a product in the present, showing the day it is read.
const EN_SHOWS = /\b(?:shows|displays|lists|renders|posts|covers|summari[sz]es|includes|highlights|pulls|sends|emails|returns|compares)\b/gi;
// "The calendar card displays events for this week", "the Today view lists what is due today": a product's
// part named before its display verb shows the day it is read, with or without "'s" after the day.
const EN_PRODUCT_SHOWS = /\b(?:widget|card|view|tab|dashboard|panel|page|screen|calendar|report|digest|feed|board|app|timeline|section|column|summary|banner|sidebar|tile|inbox|agenda)s?\b[^.;!?]{0,40}?\b(?:shows|displays|lists|renders|highlights|covers|includes|groups|counts|compares)\b/gi;
const EN_BOUNDARY_BEFORE = /\b(?:from|starting|beginning|until|till|since|as\s+of|effective|after|before)\s+$/i;

// Two weekdays joined (화요일·목요일, 화·목요일에만, 火曜・木曜): a schedule every week, not one day.
const KO_FREQUENCY = /매일|매주|매달|매월|매번|항상|언제나|(?<![\uac00-\ud7af])늘\s|보통|마다|절대|[월화수목금토일](?:요일)?\s?[·・,/와과]\s?[월화수목금토일]요일/;
const KO_PLAN = /예정|할\s?것|하기로/;
const KO_PRODUCT = /위젯|화면|앱|대시보드|알림|봇|리포트|보고서|이메일|메일|탭|카드|페이지|피드|배너|보드|패널|목록|캘린더|홈/g;
const KO_SHOWS = /비교한다|비교합니다|비교하는|보여\s?준다|보여\s?줍니다|보여\s?주는|표시한다|표시합니다|표시된다|표시됩니다|표시하는|띄운다|띄웁니다|뜬다|뜹니다|나온다|나옵니다|생성된다|생성됩니다|나타낸다|알려\s?준다|알려\s?줍니다/g;

const JA_FREQUENCY = /毎日|毎朝|毎晩|毎週|毎月|毎回|いつも|常に|通常|必ず|ごと|[月火水木金土日](?:曜日?)?[・、/と][月火水木金土日]曜/;
// A past ending (届いた。, 表示した、, でした) or a plan (止める予定, つもり); 明日の予定 is only tomorrow's schedule.
const JA_EPISODE = /た(?=[。、,.\s」)）]|$|ので|から|けど|が)|ました|でした|[るすくうつぬむぶぐ]予定|予定(?:だ|です)|つもり/;
const JA_PRODUCT = /ウィジェット|画面|アプリ|ダッシュボード|通知|ボット|レポート|メール|タブ|カード|ページ|フィード|バナー|ボード|パネル|一覧|カレンダー|ホーム/g;
const JA_SHOWS = /比較する|比較します|表示する|表示します|表示される|表示されます|見せる|見せます|出す|出します|出る|出ます|流れる|流れます|生成される|生成されます|載せる|並べる|通知する|通知します/g;

// 明日以降の予約 (bookings from tomorrow on) names what a list holds: a modifier, not a habit's start.
const CJK_BOUNDARY_AFTER = /^\s?(?:から|より|まで|부터|까지|이후|以降)(?![の의])/;
// A metric's name, read the same every day: 先週比の数字, 前日比の推移. "売上は先週比20%増" states one week's figure.
const JA_METRIC_AFTER = /^(?:比|対比)の/;
// A Korean or Japanese sentence ends on its verb; a comma or a colon starts another clause (매주 배포, 내일은 예외), 、 does not.
const CJK_BREAK = /[.!?。！？;；,，:：\n]/g;
const EN_BREAK = /[.!?;:,—–\n]/g;

/** What one clause of a line says, worked out once for every mention in it. */
interface Clause {
  readonly start: number;
  readonly end: number;
  /** A past tense or a plan: the clause tells of one occasion. */
  readonly episode: boolean;
  /**
   * A verb tells of an occasion: a past tense or a plan, or, since a habit or a rule is refused before
   * this is asked, a finite verb at all ("we ship tomorrow", 내일 검토한다, 明日提出する, 측정 완료). A
   * fragment of nouns ("5 more applications tomorrow") says neither.
   */
  readonly told: boolean;
  readonly frequency: boolean;
  /** Where the first product noun (Korean, Japanese) or display verb (English) ends, or Infinity. */
  readonly firstShownBy: number;
  /** Where the last display verb (Korean, Japanese) starts, or -1. */
  readonly lastShowsAt: number;
  /** Whether a product noun follows that verb: the verb describes it (이번 주와 지난주를 비교하는 리포트). */
  readonly describesProduct: boolean;
  /** Where an English product noun's display verb ends ("the widget lists"), or Infinity. */
  readonly productShownBy: number;
}

/**
 * Whether relative words of one line tell of a habit, a rule or a product's display. The line's clauses
 * are split and read once per script family, so a line of thousands of mentions costs one pass.
 */
export class HabitLine {
  private en?: readonly Clause[];
  private cjk?: readonly Clause[];
  private readonly toldThrough = new Map<number, boolean>();

  constructor(private readonly line: string) {}

  isHabitual(start: number, end: number, language: string): boolean {
    const { line } = this;
    if (language === 'ko' || language === 'ja') {
      if (CJK_BOUNDARY_AFTER.test(line.slice(end, end + 4))) return false;
      this.cjk ??= clausesOf(line, CJK_BREAK, (text) => cjkClause(text));
      const clause = clauseAt(this.cjk, start);
      if (!clause || clause.episode) return false;
      if (JA_METRIC_AFTER.test(line.slice(end, end + 3))) return true;
      return clause.frequency || (clause.lastShowsAt >= end && (clause.firstShownBy <= start || clause.describesProduct));
    }
    if (EN_BOUNDARY_BEFORE.test(line.slice(Math.max(0, start - 20), start))) return false;
    this.en ??= clausesOf(line, EN_BREAK, enClause);
    const clause = clauseAt(this.en, start);
    if (!clause || clause.episode) return false;
    return clause.frequency || clause.productShownBy <= start || (/^['’]s\b/.test(line.slice(end, end + 3)) && clause.firstShownBy <= start);
  }

  /**
   * Whether the clause holding `start` tells of one occasion: a past tense or a plan says so. A label
   * ("**Yesterday:** fixed the build", "어제: 배포했다") is told of by the clause after its colon.
   */
  isOccasion(start: number, language: string): boolean {
    const cjk = language === 'ko' || language === 'ja';
    const clauses = cjk ? (this.cjk ??= clausesOf(this.line, CJK_BREAK, (text) => cjkClause(text))) : (this.en ??= clausesOf(this.line, EN_BREAK, enClause));
    const clause = clauseAt(clauses, start);
    if (!clause) return false;
    if (clause.told) return true;
    if (cjk) {
      // A Korean or Japanese sentence ends on its verb, past a "." inside a word (.docx로 낸다): read on to
      // the sentence's end, at most 200 characters, once per clause (a line may hold thousands).
      let told = this.toldThrough.get(clause.start);
      if (told === undefined) {
        const rest = this.line.slice(clause.start, clause.start + 200);
        const end = rest.search(/[。！？!?]|\.(?=\s|$)/);
        told = cjkClause(end < 0 ? rest : rest.slice(0, end + 1)).told;
        this.toldThrough.set(clause.start, told);
      }
      if (told) return true;
    }
    const next = clauseAt(clauses, clause.end + 1);
    return /[:：]/.test(this.line[clause.end] ?? '') && start >= clause.end - 12 && next?.told === true;
  }
}

type ClauseFacts = Omit<Clause, 'start' | 'end'>;

function clausesOf(line: string, breaks: RegExp, read: (text: string) => ClauseFacts): Clause[] {
  const clauses: Clause[] = [];
  let from = 0;
  breaks.lastIndex = 0;
  for (let match = breaks.exec(line); ; match = breaks.exec(line)) {
    const to = match ? match.index : line.length;
    const facts = read(line.slice(from, to));
    clauses.push({
      start: from,
      end: to,
      ...facts,
      firstShownBy: facts.firstShownBy + from,
      productShownBy: facts.productShownBy + from,
      lastShowsAt: facts.lastShowsAt < 0 ? -1 : facts.lastShowsAt + from,
    });
    if (!match) return clauses;
    from = to + 1;
  }
}

/** The clause holding `offset`: a binary search over clauses in order. */
function clauseAt(clauses: readonly Clause[], offset: number): Clause | undefined {
  let low = 0;
  let high = clauses.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (clauses[mid].end < offset) low = mid + 1;
    else if (clauses[mid].start > offset) high = mid - 1;
    else return clauses[mid];
  }
  return undefined;
}

// Present and modal verbs of a plan; past tenses and "will" are EN_EPISODE's.
const EN_FINITE = /\b(?:is|are|am|be|due|mov(?:es|ing)|slips?|happens?|need\s+to|needs\s+to|ha(?:s|ve)\s+to|must|should|can|ship(?:s|ping)?|start(?:s|ing)?|ends?|opens?|closes?|launch(?:es|ing)?|goes|comes|arrives?|lands?|meets?|runs?|calls?|sends?|sign(?:s|ing)?|visits?|flies|leaves?|returns?)\b/i;
// A Korean clause ending on a verb (한다, 했음, 됨, 해요) or on a verbal noun of a task (측정 완료, 보고서 제출).
// A verb's ending is followed by a space, a mark or the clause's end: 낸다 (…), not the 음 of 다음 주.
// The marks after a word are `\s*(?:[.!)]+\s*)?`, not `\s*[.!)]*\s*`: two runs of blanks side by side split a
// long run in as many ways as it is long.
const KO_FINITE = /[다요함됨](?=[\s.!?)]|$)|(?:완료|제출|배포|출시|시작|종료|진행|마무리|처리|확인|수정|변경|설치|발송|전달|공유|결정|오픈)\s*(?:[.!)]+\s*)?$/;
const JA_FINITE = /(?:[るたすくうつぬむぶぐ]|だ|です|ます|ました|でした|予定|完了|提出|公開|リリース|配布|開始|終了|決定|対応)\s*(?:[。.!)]+\s*)?$/;

function enClause(text: string): ClauseFacts {
  const episode = EN_EPISODE.test(text);
  return {
    episode,
    told: episode || EN_FINITE.test(text),
    frequency: EN_FREQUENCY.test(text),
    firstShownBy: firstEnd(EN_SHOWS, text),
    lastShowsAt: -1,
    describesProduct: false,
    productShownBy: firstEnd(EN_PRODUCT_SHOWS, text),
  };
}

function cjkClause(text: string): ClauseFacts {
  const korean = /[\uac00-\ud7af]/.test(text);
  const episode = korean ? hasKoreanPast(text) || KO_PLAN.test(text) : false;
  const told = episode || JA_EPISODE.test(text);
  const showsAt = Math.max(lastStart(KO_SHOWS, text), lastStart(JA_SHOWS, text));
  return {
    episode: told,
    told: told || (korean ? KO_FINITE.test(text) : JA_FINITE.test(text)),
    frequency: KO_FREQUENCY.test(text) || JA_FREQUENCY.test(text),
    firstShownBy: Math.min(firstEnd(KO_PRODUCT, text), firstEnd(JA_PRODUCT, text)),
    lastShowsAt: showsAt,
    describesProduct: showsAt >= 0 && Math.max(lastStart(KO_PRODUCT, text), lastStart(JA_PRODUCT, text)) > showsAt,
    productShownBy: Infinity,
  };
}

function firstEnd(pattern: RegExp, text: string): number {
  pattern.lastIndex = 0;
  const match = pattern.exec(text);
  return match ? match.index + match[0].length : Infinity;
}

function lastStart(pattern: RegExp, text: string): number {
  let last = -1;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) last = match.index;
  return last;
}

/**
 * Korean past and future-guess endings carry a final ㅆ (했다, 바꿨다, 열렸다, 하겠다); 있 (is, has) is
 * present, as in 표시되어 있다.
 */
function hasKoreanPast(text: string): boolean {
  for (const char of text) {
    const code = char.charCodeAt(0) - 0xac00;
    if (code >= 0 && code < 11172 && code % 28 === 20 && char !== '있') return true;
  }
  return false;
}
