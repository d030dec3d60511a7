import type { Random } from './random';

/**
 * Words for the realistic corpus. Fixed lists give the everyday words of each language; made-up
 * proper names (projects, tools, people, built from syllables) give the long tail a real folder has,
 * so two memories rarely share more than a few words, as in a real folder.
 */
export type Language = 'ko' | 'ja' | 'en';

export const TOPIC_QUALIFIERS = [
  'api', 'auth', 'backup', 'billing', 'branch', 'browser', 'build', 'cache', 'calendar', 'chart', 'ci', 'cli',
  'client', 'cloud', 'code', 'commit', 'config', 'cron', 'css', 'csv', 'dashboard', 'data', 'db', 'debug',
  'deploy', 'design', 'docker', 'docs', 'domain', 'draft', 'editor', 'email', 'env', 'error', 'export', 'feature',
  'figma', 'file', 'font', 'form', 'git', 'grant', 'graph', 'hiring', 'hook', 'http', 'i18n', 'icon', 'image',
  'import', 'infra', 'invoice', 'issue', 'java', 'job', 'json', 'kernel', 'lab', 'latex', 'layout', 'lint',
  'log', 'mail', 'map', 'math', 'meeting', 'metric', 'mobile', 'model', 'monorepo', 'network', 'notebook',
  'oncall', 'paper', 'payment', 'pdf', 'perf', 'photo', 'pipeline', 'plot', 'pr', 'print', 'proxy', 'python',
  'query', 'queue', 'release', 'report', 'repo', 'review', 'rust', 'schema', 'script', 'search', 'security',
  'server', 'shell', 'sketch', 'slide', 'sql', 'ssh', 'staging', 'storage', 'style', 'survey', 'table', 'task',
  'team', 'test', 'thesis', 'ticket', 'timezone', 'token', 'travel', 'ui', 'upload', 'user', 'vendor', 'video',
  'vpn', 'web', 'wiki', 'worker', 'yaml', 'zip', 'sensor', 'firmware', 'audio', 'codec', 'compiler', 'gpu',
  'ledger', 'quota', 'retry', 'sandbox', 'scanner', 'session', 'sitemap', 'spreadsheet', 'tax', 'webhook',
  'archive', 'bucket', 'cluster', 'contract', 'crawler', 'dataset', 'embed', 'fixture', 'gateway', 'inventory',
  'kiosk', 'locale', 'macro', 'notify', 'printer', 'router', 'scheduler',
];

export const TOPIC_NOUNS = [
  'style', 'naming', 'limits', 'format', 'owner', 'order', 'timeout', 'layout', 'policy', 'setup', 'access',
  'checklist', 'cleanup', 'defaults', 'deadline', 'exceptions', 'flags', 'folder', 'handoff', 'history', 'hosts',
  'keys', 'labels', 'language', 'links', 'location', 'migration', 'notes', 'numbers', 'paths', 'ports',
  'preferences', 'process', 'quirks', 'rules', 'schedule', 'scope', 'sizes', 'sources', 'status', 'steps',
  'templates', 'tone', 'units', 'versions', 'workflow', 'wording', 'budget', 'contacts', 'encoding', 'fonts',
  'glossary', 'headers', 'indent', 'lessons', 'metrics', 'mirrors', 'mode', 'names', 'review', 'rollback',
  'samples', 'secrets', 'signoff', 'spacing', 'targets', 'tests', 'themes', 'tools', 'tracking', 'units-si',
  'upgrade', 'vocabulary', 'warnings', 'width', 'zones', 'aliases', 'backlog', 'cadence', 'captions', 'colors',
  'comments', 'costs', 'diffs', 'drafts', 'errors', 'exports', 'figures', 'filters', 'fixes', 'gotchas',
  'groups', 'ids', 'imports', 'inbox', 'intake', 'limits-hard', 'logs', 'margins', 'mentions', 'owners',
  'pairs', 'parity', 'patches', 'plans', 'queue', 'quotes', 'ranges', 'ratios', 'receipts', 'regions',
  'retries', 'roles', 'rounding', 'runbook', 'seeds', 'shortcuts', 'signals', 'slots', 'snapshots', 'splits',
  'stack', 'stubs', 'suffix', 'summary', 'sync', 'tags', 'threads', 'tiers', 'titles', 'totals', 'traces',
];

const LATIN_ONSETS = ['b', 'c', 'd', 'f', 'g', 'h', 'k', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'z', 'br', 'st', 'tr', 'ch', 'sh', 'pl', 'gr', 'fl'];
const LATIN_VOWELS = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'io', 'ou'];
const LATIN_CODAS = ['', '', '', 'n', 'r', 's', 'x', 'l', 'm', 'k'];
const KATAKANA = 'アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワンガギグゲゴザジズゼゾダデドバビブベボパピプペポ';

/** A made-up Latin-script name of 2-3 syllables ("Stravon", "Kelix"). */
export function latinName(random: Random): string {
  let word = '';
  for (let i = 0, n = 2 + random.below(2); i < n; i++) word += random.pick(LATIN_ONSETS) + random.pick(LATIN_VOWELS);
  word += random.pick(LATIN_CODAS);
  return word[0].toUpperCase() + word.slice(1);
}

/** A Hangul word of 2-3 composed syllables, drawn from the common initials, medials and finals. */
export function hangulName(random: Random): string {
  const initials = [0, 2, 3, 5, 6, 7, 9, 11, 12, 14, 15, 16, 17, 18];
  const medials = [0, 4, 8, 13, 18, 20, 1, 6];
  const finals = [0, 0, 0, 4, 8, 16, 21, 1];
  let word = '';
  for (let i = 0, n = 2 + random.below(2); i < n; i++) {
    word += String.fromCharCode(0xac00 + (random.pick(initials) * 21 + random.pick(medials)) * 28 + random.pick(finals));
  }
  return word;
}

/** A katakana word of 3-4 kana, as a product or team name is written in Japanese. */
export function katakanaName(random: Random): string {
  let word = '';
  for (let i = 0, n = 3 + random.below(2); i < n; i++) word += KATAKANA[random.below(KATAKANA.length)];
  return word;
}

export const UI_LABELS: Record<Language, readonly string[]> = {
  en: ['Save as draft', 'Export CSV', 'Run all', 'Request review', 'Archive', 'Share link', 'Merge when ready', 'Settings › Privacy', 'Download report', 'Sync now'],
  ko: ['임시 저장', '내보내기', '모두 실행', '검토 요청', '보관', '링크 공유', '준비되면 병합', '설정 › 개인정보', '보고서 다운로드', '지금 동기화'],
  ja: ['下書き保存', 'CSVを書き出す', 'すべて実行', 'レビューを依頼', 'アーカイブ', 'リンクを共有', '準備ができたらマージ', '設定 › プライバシー', 'レポートをダウンロード', '今すぐ同期'],
};

export const TASKS: Record<Language, readonly string[]> = {
  en: ['the weekly report', 'release notes', 'the grant budget', 'code review', 'the data export', 'slide decks', 'invoices', 'the thesis draft', 'test fixtures', 'the changelog', 'meeting notes', 'the onboarding doc', 'survey results', 'the staging deploy', 'figures for the paper', 'the on-call handoff', 'database migrations', 'translation files', 'the backup check', 'expense claims'],
  ko: ['주간 보고서', '릴리스 노트', '연구비 예산', '코드 리뷰', '데이터 내보내기', '발표 자료', '청구서', '학위논문 초안', '테스트 픽스처', '변경 기록', '회의록', '온보딩 문서', '설문 결과', '스테이징 배포', '논문 그림', '당직 인수인계', 'DB 마이그레이션', '번역 파일', '백업 점검', '경비 청구'],
  ja: ['週次レポート', 'リリースノート', '研究費の予算', 'コードレビュー', 'データの書き出し', '発表スライド', '請求書', '修士論文の草稿', 'テスト用データ', '変更履歴', '議事録', 'オンボーディング資料', 'アンケート結果', 'ステージング環境へのデプロイ', '論文の図', '当番の引き継ぎ', 'DBマイグレーション', '翻訳ファイル', 'バックアップの確認', '経費精算'],
};

export const FORMATS = ['.docx', '.xlsx', 'PDF', 'Markdown', 'CSV', 'JSON', 'PNG', 'SVG', 'LaTeX', 'HTML', 'YAML', 'Parquet'];
export const DURATIONS: Record<Language, readonly string[]> = {
  en: ['30 seconds', '5 minutes', 'two hours', '90 minutes', 'three days', 'a week', '15 minutes', '48 hours'],
  ko: ['30초', '5분', '두 시간', '90분', '사흘', '일주일', '15분', '48시간'],
  ja: ['30秒', '5分', '2時間', '90分', '3日', '1週間', '15分', '48時間'],
};
export const WEEKDAYS: Record<Language, readonly string[]> = {
  en: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  ko: ['월요일', '화요일', '수요일', '목요일', '금요일'],
  ja: ['月曜日', '火曜日', '水曜日', '木曜日', '金曜日'],
};
/** Relative dates as people write them: the relative-date rule's findings in a real folder. */
export const RELATIVE_DATES: Record<Language, readonly string[]> = {
  en: ['yesterday', 'last week', 'next Friday', 'two days ago'],
  ko: ['어제', '지난주', '다음 주 금요일', '이틀 전'],
  ja: ['昨日', '先週', '来週の金曜日', '2日前'],
};

export const WHY_LABEL: Record<Language, string> = { en: '**Why:**', ko: '**이유:**', ja: '**理由:**' };
export const HOW_LABEL: Record<Language, string> = { en: '**How to apply:**', ko: '**적용 방법:**', ja: '**適用方法:**' };
export const INDEX_HEADINGS: Record<string, Record<Language, string>> = {
  user: { en: '## About the user', ko: '## 사용자', ja: '## ユーザーについて' },
  feedback: { en: '## Feedback', ko: '## 피드백', ja: '## フィードバック' },
  project: { en: '## Projects', ko: '## 프로젝트', ja: '## プロジェクト' },
  reference: { en: '## References', ko: '## 참고', ja: '## 参照' },
};
