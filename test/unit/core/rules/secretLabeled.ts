/**
 * Lines as they appear in real memory folders, in English, Korean and Japanese, each labeled with the
 * credentials a person would agree are stored in it (none for most: notes name their secrets far more
 * often than they hold them). Fake credentials have their vendor's real shape and are assembled at run
 * time, so no scanner mistakes this file for a leak.
 */
export interface LabeledLine {
  readonly text: string;
  /** The exact values that are credentials, in order. */
  readonly secrets: readonly string[];
}

/** A deterministic base62 string of `length`, different per `seed`: the shape of a generated key. */
export function fakeRandom(length: number, seed: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let state = seed * 2654435761 + 1;
  let out = '';
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    out += alphabet[(state >> 8) % alphabet.length];
  }
  return out;
}

const upperDigits = (length: number, seed: number): string => fakeRandom(length * 3, seed).replace(/[a-z]/g, '').slice(0, length).toUpperCase().padEnd(length, '7');

export const FAKE = {
  github: 'ghp' + '_' + fakeRandom(36, 1),
  githubFine: 'github' + '_pat_' + fakeRandom(82, 2),
  awsId: 'AK' + 'IA' + upperDigits(16, 3),
  awsSecret: fakeRandom(30, 4) + '/' + fakeRandom(9, 5),
  slackBot: 'xo' + 'xb-' + '2041596381-7720395518264-' + fakeRandom(24, 6),
  openai: 'sk-' + 'proj-' + fakeRandom(48, 7),
  anthropic: 'sk-' + 'ant-api03-' + fakeRandom(60, 8),
  stripe: 'sk' + '_live_' + fakeRandom(40, 9),
  google: 'AI' + 'za' + fakeRandom(35, 10),
  clientSecret: fakeRandom(24, 11),
  apiKey: fakeRandom(32, 12),
  keyBody: ['MIIEpAIBAAKCAQEA' + fakeRandom(48, 13), fakeRandom(64, 14), fakeRandom(40, 15) + '=='],
};

const none = (text: string): LabeledLine => ({ text, secrets: [] });
const has = (text: string, ...secrets: string[]): LabeledLine => ({ text, secrets });

export const SECRET_LABELED: readonly LabeledLine[] = [
  // Names of secrets, references to them and where they are kept: not secrets.
  none('- Webhook header: `x-webhook-secret: NOTION_WEBHOOK_SECRET` (set in the Worker dashboard)'),
  none('Worker secrets: HOLIDAY_API_KEY, SMTP_PASSWORD'),
  none('worker secret: HOLIDAY_API_KEY (wrangler secret put)'),
  none('Holiday lookup: `GET https://api.example.com/v1/holidays?api_key=&country=KR&year=2026`'),
  none('password: <your password>'),
  none('token: ${GITHUB_TOKEN}'),
  none('- Stripe: `const key = process.env.STRIPE_KEY`'),
  none('api_key = env.STRIPE_KEY'),
  none('secret: c.env.HOLIDAY_API_KEY'),
  none('The API key is stored in 1Password, vault "Lab".'),
  none('password: 1Password (entry "lab-nas")'),
  none('- **API key**: stored in Doppler, project `billing`'),
  none('PASSWORD=SMTP_PASSWORD'),
  none('token: GITHUB_TOKEN (repo secret)'),
  none('`https://x-access-token:${{ secrets.GITHUB_TOKEN }}@github.com/acme/app.git`'),
  none('secret: worker-binding-name'),
  none('refresh_token: rotated-daily by the cron job'),
  none('token: valid-for-30-days'),
  none('token: gpt-4o-mini costs less per token'),
  none('max_tokens: 4096'),
  none('session token: expires in 24h'),
  none('password: 8+ characters, one digit, rotated every 90 days'),
  none('password: min-8-chars'),
  none('api_key: sk_test_placeholder'),
  none('postgres://postgres:postgres@localhost:5432/app_dev'),
  none('password="{{ vault_db_password }}"'),
  none('ghp' + '_' + 'x'.repeat(36) + ' is the shape of a classic token'),
  none('AK' + 'IA' + 'X'.repeat(16) + ' in the docs example'),
  none('secret: ~/.config/lab/service-account.json'),
  none('Password: see the team vault.'),
  none('API 키는 .env에 있다'),
  none('API 키: .env의 HOLIDAY_API_KEY'),
  none('비밀번호: 1Password에 저장되어 있음'),
  none('토큰: GitHub Actions secrets의 GH_TOKEN'),
  none('- 웹훅 시크릿: NOTION_WEBHOOK_SECRET (워커 대시보드에서 설정)'),
  none('비밀번호는 금고에 있다'),
  none('トークンは環境変数から読む'),
  none('APIキー：環境変数 HOLIDAY_API_KEY を使う'),
  none('パスワード：1Passwordの「研究室NAS」を参照'),
  none('シークレット: NOTION_WEBHOOK_SECRET'),
  none('トークン: ${GITHUB_TOKEN}'),
  // Credentials themselves.
  has(`GH token for the release bot: ${FAKE.github}`, FAKE.github),
  has(`fine-grained PAT: ${FAKE.githubFine}`, FAKE.githubFine),
  has(`aws_access_key_id = ${FAKE.awsId}`, FAKE.awsId),
  has(`aws_secret_access_key = ${FAKE.awsSecret}`, FAKE.awsSecret),
  has(`SLACK_BOT_TOKEN=${FAKE.slackBot}`, FAKE.slackBot),
  has(`OPENAI_API_KEY=${FAKE.openai}`, FAKE.openai),
  has(`export ANTHROPIC_API_KEY="${FAKE.anthropic}"`, FAKE.anthropic),
  has(`stripe live key ${FAKE.stripe}`, FAKE.stripe),
  has(`Maps key: ${FAKE.google}`, FAKE.google),
  has(`"client_secret": "${FAKE.clientSecret}"`, FAKE.clientSecret),
  has(`The API key: ${FAKE.apiKey}`, FAKE.apiKey),
  has('DATABASE_URL=postgres://app:hunter2@db.internal:5432/app', 'hunter2'),
  has('redis://:p4ssW0rd9@cache.internal:6379/0', 'p4ssW0rd9'),
  has('password=hunter2', 'hunter2'),
  has('NAS admin password: Summer2026!', 'Summer2026!'),
  has('DB_PASSWORD: "correct horse battery"', 'correct horse battery'),
  has(`API 키: ${FAKE.apiKey}`, FAKE.apiKey),
  has('공유 드라이브 비밀번호: lab2026!', 'lab2026!'),
  has(`배포 봇 토큰: ${FAKE.github}`, FAKE.github),
  has('共有ドライブのパスワード：pass1234', 'pass1234'),
  has(`トークン：${FAKE.clientSecret}`, FAKE.clientSecret),
  has(`Slack 通知ボット ${FAKE.slackBot}`, FAKE.slackBot),
  // Passwords said in a sentence, and sentences about passwords that hold none.
  has('The deploy password is hunter2-Zx9!q and it must not be shared.', 'hunter2-Zx9!q'),
  has('The Wi-Fi password for the lab is `Lab@2026` — ask before sharing.', 'Lab@2026'),
  has('NAS 관리자 비밀번호는 qwe123!@#ZX 이다.', 'qwe123!@#ZX'),
  has('検証環境のパスワードは Xy7#kLm92p です。', 'Xy7#kLm92p'),
  none('The password is at least 12 characters long.'),
  none('The admin password was reset on 2026-03-01 by IT.'),
  none('The password is stored in 1Password, vault "Lab".'),
  none('Every password is argon2-hashed before it is stored.'),
  none('The password is SHA-256 hashed, never logged.'),
  none('비밀번호는 8자 이상이어야 한다.'),
  none('비밀번호는 1Password에 저장되어 있다.'),
  none('パスワードは12文字以上にすること。'),
  none('パスワードは 1Password の「研究室」にある。'),
  none('The password is `••••••••` in screenshots.'),
  none('The passphrase is whatever the vault generates.'),
  has(`-----BEGIN RSA PRIVATE KEY-----\n${FAKE.keyBody.join('\n')}\n-----END RSA PRIVATE KEY-----`, FAKE.keyBody.join('\n')),
  // Round-2 probe (issue #23): public halves and identifiers after a key word, which were errors.
  none('Project key is 123e4567-e89b-12d3-a456-426614174000 in the tracker.'),
  none('Project key: 9b2c1e4a-7f3d-4c2b-8a1e-5d6f7a8b9c0d'),
  none(`Publishable key: ${'pk' + '_live_' + fakeRandom(40, 21)}`),
  none(`Mapbox public token: pk.eyJ1IjoiYWNtZSIsImEiOiJj${fakeRandom(20, 22)}.${fakeRandom(22, 23)}`),
  none(`VAPID public key: B${fakeRandom(86, 24)}`),
  none(`NEXT_PUBLIC_MAP_TOKEN=${fakeRandom(40, 25)}`),
  none(`공개 키: ${fakeRandom(44, 26)}`),
  none(`公開鍵: \`${fakeRandom(44, 27)}\``),
  none('curl -H "Authorization: Bearer ${TOKEN}" https://api.example.com/v1/items'),
  none('Header: `Authorization: Bearer <token>`; tokens expire after 3600 seconds.'),
  none('| Key | Meaning |\n|---|---|\n| `Ctrl+Shift+P` | command palette |'),
  none(`| Env var | Where |\n|---|---|\n| OPENAI_API_KEY | 1Password |\n| STRIPE_SECRET_KEY | Doppler |`),
  none(`| Key ID | Region |\n|---|---|\n| ${fakeRandom(20, 28)} | ap-northeast-2 |`),
  none(`| Public key | Fingerprint |\n|---|---|\n| deploy | SHA256:${fakeRandom(43, 29)} |`),
  none('キャッシュキーは `user:42:profile:v3:a1b2c3d4e5f6` の形式。'),
  none('캐시 키는 `user:42:profile:v3:a1b2c3d4e5f6` 형식이다.'),
  none('主キーは `order_2026_03_a1B2c3D4e5` のような形。'),
  none(`パーティションキー: \`tenant-${fakeRandom(16, 30)}\``),
  none(`ソートキーは \`created_at#${fakeRandom(12, 31)}\`。`),
  none(`The Redis key is \`session:${fakeRandom(20, 32)}\`.`),
  none(`Redis key: session:${fakeRandom(20, 33)}`),
  none(`オブジェクトキーは \`uploads/2026/03/${fakeRandom(12, 34)}.png\`。`),
  none(`객체 키는 \`uploads/2026/03/${fakeRandom(12, 35)}.png\` 이다.`),
  none('翻訳キーは `home.hero.title2026V3` の形。'),
  none(`ライセンスキーは \`${fakeRandom(5, 36)}-${fakeRandom(5, 37)}-${fakeRandom(5, 38)}\`（購入済み）。`),
  has(`本番のAPIキーは \`${FAKE.apiKey}\` 。`, FAKE.apiKey),
  has(`The encryption key is ${FAKE.awsSecret} (AES-256, base64).`, FAKE.awsSecret),
  has(`The backup key is \`${FAKE.awsSecret}\` — keep it offline.`, FAKE.awsSecret),
  has(`The Maps key is ${FAKE.clientSecret}; restrict it to our domain.`, FAKE.clientSecret),
  // Round-2 probe: credentials in a header, a table cell, or after Japanese "は", which were missed.
  has(`curl -H "Authorization: Bearer ${FAKE.apiKey}" https://api.example.com/v1/items`, FAKE.apiKey),
  has(`確認: \`curl -H 'Authorization: Token ${FAKE.clientSecret}' https://api.example.com/me\``, FAKE.clientSecret),
  has(`| Service | API key |\n|---|---|\n| Mapbox | \`${FAKE.apiKey}\` |\n| Sentry | see the vault |`, FAKE.apiKey),
  has(`| 항목 | 값 |\n|---|---|\n| API 토큰 | \`${FAKE.clientSecret}\` |`, FAKE.clientSecret),
  has(`| 環境 | シークレット |\n|---|---|\n| 本番 | ${FAKE.apiKey} |`, FAKE.apiKey),
  has(`APIトークンは \`${FAKE.apiKey}\` です。コミットしないこと。`, FAKE.apiKey),
  has(`## 결제 웹훅 시크릿\n\n- 값: \`${FAKE.clientSecret}\``, FAKE.clientSecret),
];
