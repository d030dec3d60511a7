import type { Random } from './random';
import type { Language } from './vocabulary';

/**
 * Small sentence frames whose fixed words are few (particles, a verb ending), filled from pools of
 * nouns and verb phrases: the rest of a realistic memory's vocabulary. With the templates of
 * sentences.ts alone, most memories would share whole clauses, which no real folder does.
 */
const NOUNS: Record<Language, readonly string[]> = {
  en: [
    'the invoice template', 'staging credentials', 'the lab notebook', 'font licences', 'the figure captions', 'the style guide',
    'the billing export', 'cron schedules', 'survey weights', 'the vendor contract', 'retry counts', 'the error budget',
    'tax receipts', 'the grant report', 'chart colours', 'the release checklist', 'test seeds', 'backup keys',
    'the print queue', 'sensor offsets', 'the slide master', 'search synonyms', 'mobile screenshots', 'webhook secrets',
    'the data dictionary', 'icon sizes', 'travel bookings', 'the glossary', 'the on-call rota', 'log retention',
    'the thesis outline', 'meeting minutes', 'queue depth', 'page margins', 'model checkpoints', 'the API changelog',
    'proxy settings', 'GPU quotas', 'map tiles', 'interview notes', 'the kernel config', 'sample rates',
    'the payment flow', 'table footnotes', 'commit messages', 'review comments', 'audio levels', 'video exports',
    'the sitemap', 'spreadsheet formulas', 'the ledger', 'unit labels', 'the session timeout', 'firmware images',
  ],
  ko: [
    '청구서 양식', '스테이징 계정', '실험 노트', '글꼴 라이선스', '그림 캡션', '스타일 가이드', '정산 파일', '크론 일정',
    '설문 가중치', '업체 계약서', '재시도 횟수', '오류 예산', '세금 영수증', '과제 보고서', '차트 색상', '배포 점검표',
    '테스트 시드', '백업 키', '인쇄 대기열', '센서 보정값', '슬라이드 마스터', '검색 동의어', '모바일 스크린숏',
    '웹훅 비밀값', '데이터 사전', '아이콘 크기', '출장 예약', '용어집', '당직 순번', '로그 보관 기간', '논문 목차',
    '회의록', '대기열 길이', '페이지 여백', '모델 체크포인트', 'API 변경 내역', '프록시 설정', 'GPU 할당량', '지도 타일',
    '면접 메모', '커널 설정', '샘플링 주기', '결제 흐름', '표 각주', '커밋 메시지', '리뷰 댓글', '오디오 레벨',
    '영상 내보내기', '사이트맵', '스프레드시트 수식', '장부', '단위 표기', '세션 만료 시간', '펌웨어 이미지',
  ],
  ja: [
    '請求書テンプレート', 'ステージングの認証情報', '実験ノート', 'フォントのライセンス', '図のキャプション', 'スタイルガイド',
    '請求データ', 'cronの予定', 'アンケートの重み', '業者との契約書', 'リトライ回数', 'エラーバジェット', '税の領収書',
    '助成金の報告書', 'グラフの配色', 'リリースのチェックリスト', 'テストのシード', 'バックアップの鍵', '印刷キュー',
    'センサーの補正値', 'スライドマスター', '検索の同義語', 'モバイルのスクリーンショット', 'Webhookのシークレット',
    'データ辞書', 'アイコンのサイズ', '出張の予約', '用語集', '当番表', 'ログの保存期間', '論文の目次', '議事録',
    'キューの長さ', 'ページの余白', 'モデルのチェックポイント', 'APIの変更履歴', 'プロキシ設定', 'GPUの割り当て',
    '地図タイル', '面接メモ', 'カーネル設定', 'サンプリング周期', '決済フロー', '表の脚注', 'コミットメッセージ',
    'レビューコメント', '音量レベル', '動画の書き出し', 'サイトマップ', '表計算の数式', '台帳', '単位の表記',
    'セッションの有効期限', 'ファームウェアのイメージ',
  ],
};

const VERBS: Record<Language, readonly string[]> = {
  en: [
    'is checked by hand', 'must stay in English', 'gets archived monthly', 'is rebuilt from scratch', 'lives in the private repo',
    'needs a second reviewer', 'breaks when renamed', 'is generated, never edited', 'is shared read-only', 'is frozen before release',
    'goes to the finance team', 'is versioned by date', 'uses metric units', 'is tracked in the issue board', 'expires after a quarter',
    'stays out of screenshots', 'is copied, never moved', 'is sorted by owner', 'is in Korean first', 'waits for the legal check',
  ],
  ko: [
    '손으로 확인한다', '영어로만 쓴다', '매달 보관한다', '처음부터 다시 만든다', '비공개 저장소에 둔다', '리뷰어가 두 명 필요하다',
    '이름을 바꾸면 깨진다', '생성만 하고 고치지 않는다', '읽기 전용으로 공유한다', '배포 전에 동결한다', '재무팀에 보낸다',
    '날짜로 버전을 붙인다', '미터법 단위를 쓴다', '이슈 보드에서 추적한다', '분기가 지나면 만료된다', '스크린숏에 나오지 않게 한다',
    '옮기지 않고 복사한다', '담당자 순으로 정렬한다', '한국어를 먼저 쓴다', '법무 검토를 기다린다',
  ],
  ja: [
    '手で確認する', '英語だけで書く', '毎月アーカイブする', '一から作り直す', '非公開リポジトリに置く', 'レビュアーが2人必要',
    '名前を変えると壊れる', '生成するだけで編集しない', '読み取り専用で共有する', 'リリース前に凍結する', '経理チームに送る',
    '日付でバージョンを付ける', 'メートル法の単位を使う', 'イシューボードで追跡する', '四半期で期限が切れる',
    'スクリーンショットに写さない', '移動せずコピーする', '担当者順に並べる', '日本語を先に書く', '法務の確認を待つ',
  ],
};

const FRAMES: Record<Language, readonly string[]> = {
  en: [
    'In {P}, {n} {v}.', '{n} for {T} {v}.', '{R} says {n} {v}.', '{n} {v}; {n} does not.', 'Since {X}, {n} {v}.',
    '`{C}`: {n} {v}.', '{T} v{N}: {n} {v}.', 'For {P} only, {n} {v}.', 'Ask {R} first: {n} {v}.', '{n} ({N} of them) {v}.',
  ],
  ko: [
    '{P}에서 {n}은 {v}.', '{T}의 {n}은 {v}.', '{R} 님 말로는 {n}은 {v}.', '{n}은 {v}. {n}은 그렇지 않다.', '{X}부터 {n}은 {v}.',
    '`{C}`: {n}은 {v}.', '{T} v{N}에서 {n}은 {v}.', '{P}만은 {n}은 {v}.', '{R} 님께 먼저 묻는다. {n}은 {v}.', '{n}({N}개)은 {v}.',
  ],
  ja: [
    '{P}では、{n}は{v}。', '{T}の{n}は{v}。', '{R}さんによると、{n}は{v}。', '{n}は{v}。{n}は違う。', '{X}から、{n}は{v}。',
    '`{C}`:{n}は{v}。', '{T} v{N}では{n}は{v}。', '{P}に限り、{n}は{v}。', 'まず{R}さんに聞く。{n}は{v}。', '{n}({N}件)は{v}。',
  ],
};

/** A sentence from a frame, with `fillNames` filling the proper-name slots ({P}, {T}, {R}, {X}). */
export function framedSentence(language: Language, random: Random, fillNames: (text: string) => string): string {
  const frame = random.pick(FRAMES[language])
    .replace(/\{n\}은/g, () => withTopicParticle(random.pick(NOUNS.ko)))
    .replace(/\{n\}/g, () => random.pick(NOUNS[language]))
    .replace(/\{v\}/g, () => random.pick(VERBS[language]));
  const sentence = fillNames(frame);
  return language === 'en' ? sentence[0].toUpperCase() + sentence.slice(1) : sentence;
}

/** 은 after a final consonant, 는 after a vowel (and after Latin letters, read as their Korean names mostly do). */
function withTopicParticle(noun: string): string {
  const last = noun.charCodeAt(noun.length - 1);
  const hasFinal = last >= 0xac00 && last <= 0xd7a3 && (last - 0xac00) % 28 !== 0;
  return noun + (hasFinal ? '은' : '는');
}
