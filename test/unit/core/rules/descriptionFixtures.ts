/**
 * A root of memories written the way Claude Code writes them (`<type>_<topic>.md`, name / description /
 * type, Why: and How to apply: lines, code, paths, UI labels), in English, Korean and Japanese, each
 * judged by a person before the description rules were tuned: `mismatch` when the body is about things
 * its name and description never mention (so the memory would not be recalled for what it holds), and
 * `alike` naming the memories whose description recall could not tell from this one's, while the bodies
 * say different things.
 */
export interface LabeledMemory {
  readonly path: string;
  readonly text: string;
  readonly mismatch: boolean;
  readonly alike?: readonly string[];
}

function memory(name: string, description: string, type: string, body: string): string {
  return `---\nname: ${name}\ndescription: ${description}\ntype: ${type}\n---\n${body.trim()}\n`;
}

export const LABELED_ROOT: readonly LabeledMemory[] = [
  // ---- English: the body was rewritten, the description stayed.
  {
    path: 'feedback_code-quality.md',
    mismatch: true,
    text: memory('code-quality', 'Code quality standards and common mistakes to avoid', 'feedback', `
## Logger, not console.log

Never leave \`console.log()\` calls in shipped code. Use the Logger from \`helpers/logger.mjs\` instead.

**Why:** console output cannot be turned off and floods the browser console. The Logger has levels (DEBUG, INFO, WARN, ERROR) and categories that can be switched on one at a time.

**How to apply:**
- Prefer \`Logger.category('COMBAT').debug(...)\` for subsystem logging that could spam.
- Use \`Logger.debug(...)\` directly for one-off messages during startup.
- When cleaning up, search for \`console.log\`, \`console.warn\` and \`console.error\` and turn each into a Logger call.
- Look up the categories in \`CATEGORY_REGISTRY\` in \`logger.mjs\` before adding one.
`),
  },
  {
    path: 'project_review-preferences.md',
    mismatch: true,
    text: memory('review-preferences', 'How the team wants pull request reviews written', 'project', `
Sentry is wired into the web app through \`src/observability/sentry.ts\`. The DSN comes from the \`SENTRY_DSN\` environment variable; staging and production have separate Sentry projects.

Sample rate for traces is 0.2 in production and 1.0 in staging. Source maps are uploaded by the \`sentry-cli\` step of the release job, so a release without that step shows minified stack traces in Sentry.

**Why:** a release in May shipped without source maps and the Sentry issues were unreadable for a week.
**How to apply:** when touching the release job, keep the sentry-cli upload step and check one Sentry issue after deploying.
`),
  },
  // ---- English: a summary description over a detailed body (fine).
  {
    path: 'project_lighthouse-gate.md',
    mismatch: false,
    text: memory('lighthouse-gate', 'Lighthouse 100 on mobile and desktop is a hard gate for every page', 'project', `
The owner set a Lighthouse score of 100 in all four categories as the bar, stricter than the 90+ in AGENTS.md.

- Performance: LCP under 2.5 s, CLS 0, TBT near 0. Ship less than 50 KB of JS per page.
- Accessibility: contrast AA on body text, alt on every image, labels on every form field.
- Best practices: no console errors, images with width and height.
- SEO: canonical, meta description, crawlable links.

Fonts are self-hosted and subset; images are SVG where possible, AVIF with preload otherwise. CLS must stay 0: reserve space for every image, embed and banner.

**Why:** one small regression drops the score to 99; Lighthouse CI at 100 blocks the merge.
**How to apply:** run Lighthouse CI before asking for review and fix the page, not the threshold.
`),
  },
  {
    path: 'feedback_pnpm-only.md',
    mismatch: false,
    text: memory('pnpm-only', 'Use pnpm, never npm or yarn, in this monorepo', 'feedback', `
Install and run scripts with pnpm: \`pnpm install\`, \`pnpm -r build\`, \`pnpm --filter web dev\`.

**Why:** the workspace relies on pnpm-workspace.yaml and the lockfile is pnpm-lock.yaml; npm creates a second lockfile and breaks the hoisting the packages expect.
**How to apply:** if a README says \`npm install\`, translate it to pnpm; never commit package-lock.json or yarn.lock.
`),
  },
  {
    path: 'feedback_terse-replies.md',
    mismatch: false,
    text: memory('terse-replies', 'Keep replies short; no summary at the end', 'feedback', `
Don't end a response by restating what was just done. The user reads the diff.

**Why:** the recap doubles the reading time.
**How to apply:** stop after the last change.
`),
  },
  {
    path: 'reference_market-research.md',
    mismatch: false,
    text: memory('market-research', 'Verified facts from the 2026 research on the US promo products market, for go-to-market advice', 'reference', `
Full report: \`plans/market-landscape-2026.md\`, every figure marked with its confidence.

- Market: about $27B in the US in 2025, growing 1.3%; some 26,000 distributors, the largest holding about 5%.
- Buyers' first complaint is slow quotes and mockups; a one-hour mockup answers it.
- Company stores are offered by about half of distributors: table stakes, not a difference.
- Niches: summer camps and law firms answer; finance does not (0.4% reply on the last campaign).
- Risks: tariffs pause demand; the window for AI tooling among small distributors is two or three years.

**How to apply:** ground go-to-market, offer and content decisions in this report; cite it instead of researching again.
`),
  },
  {
    path: 'reference_build-scripts.md',
    mismatch: false,
    text: memory('build-scripts', 'Build script locations and what each does', 'reference', `
Build scripts live in \`builds/scripts/\`:

**compactJson.mjs** compacts JSON with key ordering per item type and inlines short objects.

**compilePacks.mjs** converts the JSON sources in \`src/packs-source/\` to LevelDB packs, one per folder.

**validatePacks.mjs** checks that every \`_id\` is unique across packs and that weapon quality keys exist.

**copyLocal.mjs** copies \`src/\` into the local Foundry install named by \`LOCAL_DIR\` in \`.env\`.
`),
  },
  // A summary over a long body of details, and a name that says what a terse description does not.
  {
    path: 'project_결제-리팩터링.md',
    mismatch: false,
    text: memory('payment-refactor', '결제 모듈 리팩터링 계획 — 단계별 작업과 위험 요소', 'project', `
결제 모듈을 세 단계로 나눠 고친다. 지금은 \`src/billing/\` 한 폴더에 Stripe 호출, 웹훅 처리, 영수증 메일이 섞여 있다.

**1단계 — 웹훅 분리**
- Stripe 웹훅을 \`src/billing/webhooks/\`로 옮긴다. 서명 검증은 \`STRIPE_WEBHOOK_SECRET\`으로 하고, 실패하면 400을 돌려준다.
- 웹훅 이벤트는 멱등 키로 중복을 거른다. 같은 이벤트가 세 번까지 다시 온다.
- 웹훅 재시도 간격은 Stripe가 정하므로 우리 쪽 재시도는 두지 않는다.

**2단계 — 영수증 메일**
- 영수증 메일은 큐로 보낸다. 메일 실패가 웹훅 응답을 늦추지 않게 한다.
- 메일 템플릿은 한국어와 영어 두 벌이다. 금액 표기는 원화 기준으로 쉼표를 넣는다.

**3단계 — Stripe 클라이언트 정리**
- Stripe 클라이언트를 하나만 만들고 API 버전을 고정한다.
- 테스트에서는 Stripe 목 서버(stripe-mock)를 쓴다. 웹훅 테스트는 서명까지 만든다.

**위험**: 웹훅 경로가 바뀌면 Stripe 대시보드의 엔드포인트도 같이 바꿔야 한다. 영수증 메일 큐가 밀리면 고객 문의가 늘어난다.

**How to apply:** 결제 관련 작업은 이 순서를 지키고, 한 단계가 끝나면 스테이징에서 실제 결제 한 건으로 확인한다.
`),
  },
  {
    path: 'project_von-karman-plate-state.md',
    mismatch: false,
    text: memory('von-karman-plate-state', 'Phase-4 model', 'project', `
Phase-4 model #6, the von Kármán nonlinear plate: all six parts built and green.

- P1: the bracket operator \`VonKarmanBracket\` with free edges, energy-consistent. Tests check the bracket against a manufactured solution.
- P2: the Airy stress solver, free edges, energy tests pass.
- P3: time stepping with an energy-conserving scheme; energy drift below 1e-9 over 10^5 steps.
- P4: pitch glide: the frequency rises with amplitude as the theory says. Free-edge tests against the linear plate pass.
- P5: diagnostics: energy, bracket norms, mode amplitudes, written every step to \`runs/\`.
- P6: a free-edge cymbal preset; free-edge energy tests again.

Open: the free-edge bracket on non-square grids; h2 refinement for the energy tests; the free parts of P6.
`),
  },
  // ---- Korean.
  {
    path: 'feedback_회의록.md',
    mismatch: true,
    text: memory('meeting-notes', '회의록 작성 규칙', 'feedback', `
Docker 이미지는 \`docker buildx\`로 빌드하고 레지스트리에는 커밋 해시 태그로 올린다. \`latest\` 태그는 쓰지 않는다.

빌드 캐시는 GitHub Actions 캐시(\`type=gha\`)에 둔다. 캐시가 깨지면 Docker 빌드가 15분 넘게 걸린다.

**Why:** latest 태그로 올린 이미지가 스테이징과 운영에서 다른 커밋을 가리켜 장애가 났다.
**How to apply:** 워크플로의 Docker 빌드 단계를 고칠 때 해시 태그와 캐시 설정을 그대로 둔다. 레지스트리 정리는 30일 지난 이미지만 지운다.
`),
  },
  {
    path: 'project_maily-import.md',
    mismatch: false,
    text: memory('maily-import', '메일리 발행글을 노션 캠페인 DB로 가져오는 임포터 도구와 스크래핑 방식', 'project', `
메일리(maily.so)는 콘텐츠 API가 없고 구독자 API만 있다. 발행글 페이지는 서버 렌더라서 HTML을 그대로 긁을 수 있다.

**도구 위치**: \`/mnt/c/dev/maily-import/\`. \`import.mjs <url> [--dry-run] [--cookie "<쿠키>"]\`. 노션 토큰은 환경 변수에서 읽는다.

**파이프라인**: fetch → node-html-parser로 본문 추출 → turndown으로 Markdown 변환 → 노션 블록으로 캠페인 DB에 적재.

**함정**: \`@notionhq/client\`는 v2로 고정해야 한다. 최신 버전은 \`databases.query\`가 없다.

**How to apply:** 메일리 글을 노션으로 옮길 때 이 도구를 먼저 쓴다.
`),
  },
  {
    path: 'feedback_english-desc.md',
    mismatch: false,
    text: memory('report-language', 'Lab reports are written in Korean, tables included', 'feedback', `
실험 보고서는 한국어로 쓴다. 표의 머리글과 단위 설명도 한국어로 쓰고, 그림 캡션도 한국어로 단다.

보고서 본문에서 영어 약어는 처음 나올 때 한국어 풀이를 괄호로 붙인다. 참고문헌 표기는 학과 양식을 따른다.

**Why:** 담당 교수가 영어 보고서를 감점했다. 표만 영어로 낸 보고서도 감점됐다.
**How to apply:** 보고서 초안을 만들 때 한국어로 시작하고, 표를 옮겨 올 때 머리글을 한국어로 바꾼다.
`),
  },
  {
    path: 'project_폰트.md',
    mismatch: false,
    text: memory('font-subset', '한글 웹폰트는 Pretendard 서브셋을 셀프호스팅한다', 'project', `
Pretendard Variable을 셀프호스팅하고 한글 2,350자 서브셋만 woff2로 만든다. \`size-adjust\`로 대체 폰트와 줄 높이를 맞춘다.

**Why:** 구글 폰트 CDN을 쓰면 첫 화면에서 글꼴이 바뀌며 CLS가 생긴다.
**How to apply:** 새 글꼴 굵기가 필요하면 Variable 하나로 해결하고, 서브셋 스크립트 \`scripts/subset-font.mjs\`를 다시 돌린다.
`),
  },
  // ---- Japanese.
  {
    path: 'feedback_週次レポート.md',
    mismatch: true,
    text: memory('weekly-report', '週次レポートの書き方', 'feedback', `
Terraform の state は S3 に置き、ロックは DynamoDB テーブル \`tf-locks\` で取る。ローカル state は使わない。

\`terraform plan\` は必ず CI で実行し、差分をプルリクエストに貼る。\`terraform apply\` は main にマージした後だけ。

**Why:** ローカル state で apply した結果、S3 の state と食い違い、DynamoDB のロックが残ったままになった。
**How to apply:** Terraform のモジュールを直すときは state のバックエンド設定に触らない。ロックが残ったら \`terraform force-unlock\` の前に担当者に確認する。
`),
  },
  {
    path: 'user_ceo-rules.md',
    mismatch: false,
    text: memory('ceo-rules', 'オーナーがCEOに課した行動ルール', 'user', `
オーナーからCEOへの行動ルール（取締役会の指示）:
1. 分からないことは自分で決めず、取締役に確認する
2. 成果物は必ずファイルに残してコミットする
3. 完了したら取締役に「できました」と報告する
4. 進行中のプロジェクトの進捗を定期的に取締役に報告する

**Why:** オーナーが明示的に指示した。記録と進捗の即時共有を求めている。
**How to apply:** 判断に迷ったら \`communications/ceo-to-board/\` に確認ファイルを作る。
`),
  },
  {
    path: 'reference_ビルドスクリプト.md',
    mismatch: false,
    text: memory('build-scripts-ja', 'ビルドスクリプトの場所と用途', 'reference', `
ビルドスクリプトは \`tools/build/\` にある。

- \`bundle.mjs\`: esbuild でバンドルし、\`dist/\` に出力する。ソースマップも出す。
- \`icons.mjs\`: SVG アイコンをスプライトにまとめる。アイコンを足したら必ず実行する。
- \`release.mjs\`: バージョンを上げ、CHANGELOG を更新し、タグを打つ。
- \`clean.mjs\`: \`dist/\` とキャッシュを消す。

**How to apply:** ビルドが壊れたら、まず \`clean.mjs\` を実行してからバンドルし直す。
`),
  },
  {
    path: 'feedback_敬語.md',
    mismatch: false,
    text: memory('keigo', 'このユーザーには敬語で対応すること', 'feedback', `
返答は敬語（です・ます調）で書く。くだけた言い回しや絵文字は使わない。

**Why:** ユーザーが取引先に転送することが多い。
**How to apply:** コードのコメントは普通体でよいが、説明文は敬語にする。
`),
  },

  // ---- description-alike: the same description over different bodies.
  {
    path: 'project_plate-state.md',
    mismatch: false,
    alike: ['project_membrane-state.md'],
    text: memory('plate-state', 'Phase-3 model', 'project', `
Phase-3 model #5, the Kirchhoff plate with simply supported edges, is built and all tests pass (231). \`core/plate.py\` uses an implicit theta scheme; the biharmonic operator comes from \`operators2d.biharmonic_from_mask\`.
Modal frequencies match the Navier solution within 0.5% on a 64x64 grid.
`),
  },
  {
    path: 'project_membrane-state.md',
    mismatch: false,
    alike: ['project_plate-state.md'],
    text: memory('membrane-state', 'Phase-3 model', 'project', `
Phase-3 model #4, the circular membrane, is built and passing; the suite now has 160 tests. First 2D resonator: the Laplacian on a disc mask, Bessel zeros for the reference frequencies.
Damping follows the string family; excitation is a raised-cosine strike off centre.
`),
  },
  {
    path: 'project_deploy-staging.md',
    mismatch: false,
    alike: ['project_deploy-production.md'],
    text: memory('deploy-staging', 'Deploy steps for the web app', 'project', `
Staging deploys on every merge to \`main\` through the \`deploy-staging\` workflow. The database is reset from the nightly snapshot every Sunday.
Feature flags default to on in staging. Log in with the shared QA account from the team vault.
`),
  },
  {
    path: 'project_deploy-production.md',
    mismatch: false,
    alike: ['project_deploy-staging.md'],
    text: memory('deploy-production', 'Deploy steps for the web app.', 'project', `
Production releases go out on Tuesdays only, from a tag, after the change advisory board signs off in the release ticket.
Run the database migration by hand first with \`make migrate-prod\`, then promote the image; roll back with \`make rollback TAG=...\`.
`),
  },
  {
    path: 'reference_api-key-stripe.md',
    mismatch: false,
    alike: ['reference_api-key-openai.md'],
    text: memory('api-key-stripe', 'API 키 발급 방법', 'reference', `
Stripe 대시보드의 개발자 메뉴에서 제한된 키를 만든다. 결제 읽기 권한만 준다.
테스트 모드와 라이브 모드 키는 따로 만들고, 라이브 키는 1Password 금고에만 둔다.
`),
  },
  {
    path: 'reference_api-key-openai.md',
    mismatch: false,
    alike: ['reference_api-key-stripe.md'],
    text: memory('api-key-openai', 'API 키 발급 방법 정리', 'reference', `
OpenAI 플랫폼의 프로젝트 설정에서 프로젝트 키를 만든다. 조직 키는 쓰지 않는다.
월 사용 한도를 50달러로 걸고, 키 이름에 만든 사람과 날짜를 적는다.
`),
  },
  {
    path: 'project_デプロイ手順-web.md',
    mismatch: false,
    alike: ['project_デプロイ手順-api.md'],
    text: memory('deploy-web-ja', 'デプロイ手順のメモ', 'project', `
フロントエンドは Vercel にデプロイする。プレビューはプルリクエストごとに自動で作られる。
本番は main へのマージで反映される。環境変数は Vercel の管理画面で設定する。
`),
  },
  {
    path: 'project_デプロイ手順-api.md',
    mismatch: false,
    alike: ['project_デプロイ手順-web.md'],
    text: memory('deploy-api-ja', 'デプロイ手順', 'project', `
API サーバーは Cloud Run に載せる。イメージは Artifact Registry に置き、リビジョンごとにトラフィックを切り替える。
マイグレーションは Cloud Run ジョブで先に流す。ロールバックは前のリビジョンに戻すだけでよい。
`),
  },
  // Alike in most words but not in the telling one.
  {
    path: 'feedback_deploy-staging-pnpm.md',
    mismatch: false,
    text: memory('staging-pnpm', 'Deploy to staging with pnpm scripts only', 'feedback', `
Run \`pnpm deploy:staging\`; the script builds, tags and pushes. Never run the docker commands by hand.
`),
  },
  {
    path: 'feedback_deploy-production-pnpm.md',
    mismatch: false,
    text: memory('production-pnpm', 'Deploy to production with pnpm scripts only', 'feedback', `
Run \`pnpm deploy:prod\` from a clean checkout of the release tag; it asks for the change ticket number.
`),
  },
  {
    path: 'feedback_커밋-언어.md',
    mismatch: false,
    text: memory('commit-language', '커밋 메시지는 한국어로 쓴다', 'feedback', `
커밋 메시지 제목과 본문을 한국어로 쓴다. 코드 식별자는 그대로 둔다.
`),
  },
  {
    path: 'feedback_커밋-형식.md',
    mismatch: false,
    text: memory('commit-format', '커밋 메시지 형식은 Conventional Commits', 'feedback', `
\`feat:\`, \`fix:\`, \`docs:\` 접두어를 붙이고 제목은 50자 안에서 끝낸다.
`),
  },
  {
    path: 'reference_実験データ-置き場.md',
    mismatch: false,
    text: memory('lab-data-place', '実験データは共有ドライブに置く', 'reference', `
実測データは研究室の共有ドライブの \`/lab/raw/\` に置く。ローカルにはコピーしない。
`),
  },
  {
    path: 'reference_実験データ-命名.md',
    mismatch: false,
    text: memory('lab-data-names', '実験データの命名規則', 'reference', `
ファイル名は \`日付_装置_試料番号.csv\` にする。日付は 2026-03-02 の形で書く。
`),
  },
  // The same description and the same body: a near-duplicate, reported as that only.
  {
    path: 'feedback_latex-a.md',
    mismatch: false,
    text: memory('latex-unicode', '"LaTeX does not render in this viewer: write formulas in Unicode"', 'feedback', `
LaTeX does not render in this viewer, so write formulas in Unicode instead of dollar signs. Subscripts and superscripts as Unicode characters, fractions with a slash.
`),
  },
  {
    path: 'feedback_latex-b.md',
    mismatch: false,
    text: memory('latex-unicode-2', '"LaTeX does not render in this viewer: write formulas in Unicode"', 'feedback', `
LaTeX does not render in the viewer; write the formulas in Unicode rather than with dollar signs. Subscripts and superscripts as Unicode characters, fractions with a slash.
`),
  },
  // Addresses and the words of a schedule are no subject: what a connection string or a timetable
  // names is where and when, which the description already says.
  {
    path: 'reference_service-credentials.md',
    mismatch: false,
    text: memory('service-credentials', 'Where the service credentials are kept and how to rotate them', 'reference', `
- Staging database: postgres://app_reader@db-staging.internal:5432/orders (password in the vault)
- Cache: redis://cache-staging.internal:6379/0
- Object store: s3://orders-staging-exports/daily/
- Rotate every credential each quarter; the vault entry says when it was last done.
`),
  },
  {
    path: 'project_release-timetable.md',
    mismatch: false,
    text: memory('release-timetable', '릴리스 일정: 동결, 배포, 회고 시간표', 'project', `
- 동결: 매주 목요일 18시, 다음 날 오전 배포
- 배포: 금요일 10시, 한 시간 안에 끝낸다
- 회고: 격주 월요일 오후, 지난 주 배포를 돌아본다
- 긴급 배포는 24시간 안에 회고를 쓴다
`),
  },
];
