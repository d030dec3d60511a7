import * as assert from 'node:assert/strict';
import { assertLinearTime } from '../../helpers/linearTime';
import fc from 'fast-check';
import { applyTextEdits } from '../../../../src/core/edits/applyTextEdits';
import { parseMemoryFile } from '../../../../src/core/memoryFile';
import { MemoryStore } from '../../../../src/core/memoryStore';
import { resolveTypeSet } from '../../../../src/core/memoryTypes';
import { ProblemCode, type Problem } from '../../../../src/core/problems';
import { DEFAULT_INDEX_BUDGET, type RuleContext } from '../../../../src/core/rules/shared/ruleContext';
import { REDACTED, secret } from '../../../../src/core/rules/secret/secretRule';
import type { TextEdit } from '../../../../src/core/types';

const context: RuleContext = {
  store: new MemoryStore(),
  typeSet: resolveTypeSet('claude-code', []),
  budget: DEFAULT_INDEX_BUDGET,
  modifiedTime: () => undefined,
};

// Fake credentials are assembled at run time, so no scanner mistakes this file for a leak.
const mixed = (length: number): string => 'aB3dE6gH9jK2mN5pQ8sT1vW4yZ7'.repeat(8).slice(0, length);
const FAKE = {
  github: 'ghp' + '_' + mixed(36),
  githubOauth: 'gho' + '_' + mixed(36),
  githubFine: 'github' + '_pat_' + mixed(82),
  gitlab: 'glpat' + '-' + mixed(20),
  slackBot: 'xoxb' + '-1234567890-0987654321-' + mixed(24),
  slackUser: 'xoxp' + '-1234567890-0987654321-' + mixed(24),
  slackHook: 'https://hooks.slack.com/services/' + 'T0123ABCD/B0456EFGH/' + mixed(24),
  awsId: 'AKIA' + 'Z7Q2X9W4R6T8Y3U5',
  awsSecret: mixed(20) + '/' + mixed(19),
  openai: 'sk-' + 'proj-' + mixed(48),
  openaiLegacy: 'sk-' + mixed(48),
  anthropic: 'sk-' + 'ant-api03-' + mixed(40),
  anthropicOauth: 'sk-' + 'ant-oat01-' + mixed(40),
  google: 'AIza' + 'Sy' + mixed(33),
  npm: 'npm' + '_' + mixed(36),
  huggingface: 'hf' + '_' + 'aBcDeFgHiJkLmNoPqRsTuVwXyZaBcDeFgH',
  stripe: 'sk' + '_live_' + mixed(24),
  jwt: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9' + '.' + 'eyJzdWIiOiIxMjM0NTY3ODkwIn0' + '.' + mixed(43),
  groq: 'gsk' + '_' + mixed(52),
  sendgrid: 'SG' + '.' + mixed(22) + '.' + mixed(43),
  docker: 'dckr' + '_pat_' + mixed(27),
  notion: 'ntn' + '_' + '48201937561' + mixed(35),
  linear: 'lin' + '_api_' + mixed(40),
  figma: 'figd' + '_' + mixed(44),
  vercel: 'vcp' + '_' + mixed(24),
  databricks: 'dapi' + '3f9a0c7e1b5d2468ace0bd13579f2e4c',
  vault: 'hvs' + '.' + mixed(95),
  onePassword: 'ops' + '_ey' + mixed(120),
  grafanaCloud: 'glc' + '_' + mixed(40),
  grafanaService: 'glsa' + '_' + mixed(32) + '_' + '0a1b2c3d',
  shopify: 'shpat' + '_' + mixed(32),
};
const KEY_LINES = ['MIIEowIBAAKCAQEA' + mixed(48), mixed(64), mixed(40) + '=='];

function problemsOf(text: string, path = 'm.md'): Problem[] {
  return secret({ path, text }, context);
}

function edits(problem: Problem): TextEdit[] {
  const edit = problem.fixes?.[0]?.edits[0];
  assert.ok(edit && edit.kind === 'edit');
  return [...edit.edits];
}

function fixAll(text: string): string {
  return applyTextEdits(text, problemsOf(text).flatMap(edits));
}

/** The kind named by each problem's message and the text its range covers (single-line ranges). */
function found(text: string): [string, string][] {
  const lines = text.split(/\r?\n/);
  return problemsOf(text).map((p) => {
    assert.equal(p.range.start.line, p.range.end.line);
    return [p.message.replace(/ stored in memory\..*$/, ''), lines[p.range.start.line].slice(p.range.start.character, p.range.end.character)];
  });
}

describe('secret rule', () => {
  describe('finds', () => {
    const cases: [string, string, string][] = [
      ['GitHub personal access token', `GH token: ${FAKE.github}`, FAKE.github],
      ['GitHub OAuth access token', `oauth ${FAKE.githubOauth} here`, FAKE.githubOauth],
      ['GitHub fine-grained personal access token', FAKE.githubFine, FAKE.githubFine],
      ['GitLab personal access token', `CI uses ${FAKE.gitlab}.`, FAKE.gitlab],
      ['Slack bot token', `bot: ${FAKE.slackBot}`, FAKE.slackBot],
      ['Slack user token', `${FAKE.slackUser}`, FAKE.slackUser],
      ['Slack incoming webhook URL', `Alerts post to ${FAKE.slackHook}`, FAKE.slackHook],
      ['AWS access key ID', `Key id ${FAKE.awsId} for the lab bucket`, FAKE.awsId],
      ['AWS secret access key', `aws_secret_access_key = ${FAKE.awsSecret}`, FAKE.awsSecret],
      ['OpenAI-style API key', `OPENAI_API_KEY=${FAKE.openai}`, FAKE.openai],
      ['OpenAI-style API key', `key ${FAKE.openaiLegacy}`, FAKE.openaiLegacy],
      ['Anthropic API key', `export ANTHROPIC_API_KEY="${FAKE.anthropic}"`, FAKE.anthropic],
      ['Anthropic OAuth token', `Claude token ${FAKE.anthropicOauth}`, FAKE.anthropicOauth],
      ['Google API key', `Maps: ${FAKE.google}`, FAKE.google],
      ['npm access token', `//registry.npmjs.org/:_authToken=${FAKE.npm}`, FAKE.npm],
      ['Hugging Face access token', `HF ${FAKE.huggingface}`, FAKE.huggingface],
      ['Stripe secret key', `stripe ${FAKE.stripe}`, FAKE.stripe],
      ['JSON Web Token', `Authorization: Bearer ${FAKE.jwt}`, FAKE.jwt],
      ['Groq API key', `Groq for the eval runs: ${FAKE.groq}`, FAKE.groq],
      ['SendGrid API key', `Mail goes out through ${FAKE.sendgrid}`, FAKE.sendgrid],
      ['Docker personal access token', `docker login -u lab -p ${FAKE.docker}`, FAKE.docker],
      ['Notion integration token', `Notion sync uses ${FAKE.notion} (workspace "Lab")`, FAKE.notion],
      ['Linear API key', `Linear: ${FAKE.linear}`, FAKE.linear],
      ['Figma access token', `Figma export script reads ${FAKE.figma}`, FAKE.figma],
      ['Vercel token', `vercel deploy --token ${FAKE.vercel}`, FAKE.vercel],
      ['Databricks access token', `Databricks PAT ${FAKE.databricks}`, FAKE.databricks],
      ['HashiCorp Vault token', `VAULT_TOKEN=${FAKE.vault}`, FAKE.vault],
      ['1Password service account token', `OP_SERVICE_ACCOUNT_TOKEN=${FAKE.onePassword}`, FAKE.onePassword],
      ['Grafana token', `Grafana Cloud: ${FAKE.grafanaCloud}`, FAKE.grafanaCloud],
      ['Grafana token', `Dashboards API ${FAKE.grafanaService}`, FAKE.grafanaService],
      ['Shopify access token', `Shopify admin ${FAKE.shopify}`, FAKE.shopify],
      ['Database password in a connection string', 'DATABASE_URL=postgres://app:S3cr3tPw9@db.internal:5432/app', 'S3cr3tPw9'],
      ['Database password in a connection string', 'mongodb+srv://lab:Xk29vQpz@cluster0.example.net/test', 'Xk29vQpz'],
      ['Password in a URL', 'Mirror: https://deploy:Tr0ub4dor3@files.example.com/releases', 'Tr0ub4dor3'],
      ['Password ("password")', 'password=hunter22', 'hunter22'],
      ['Password ("DB_PASSWORD")', 'DB_PASSWORD: "correct horse battery"', 'correct horse battery'],
      ['Password ("Password")', '**Password**: `s3cr3t!x`', 's3cr3t!x'],
      ['Password ("password")', '(password: hunter22).', 'hunter22'],
      ['Password ("password")', 'password: hunter22 <- rotated monthly', 'hunter22'],
      ['Credential ("api_key")', 'api_key: abc123def456', 'abc123def456'],
      ['Credential ("client_secret")', `"client_secret": "Zq8xV2mN5pL1kJ7h"`, 'Zq8xV2mN5pL1kJ7h'],
      ['Credential ("token")', 'token=tok-29fj3k2l1', 'tok-29fj3k2l1'],
      ['Password ("비밀번호")', '공유 드라이브 비밀번호: lab2026!', 'lab2026!'],
      ['Password ("パスワード")', '共有ドライブのパスワード：pass1234', 'pass1234'],
    ];
    for (const [kind, text, value] of cases) {
      it(`${kind} in ${JSON.stringify(text.slice(0, 40))}`, () => assert.deepEqual(found(text), [[kind, value]]));
    }
  });

  describe('leaves alone', () => {
    const quiet = [
      'password: <redacted>',
      'password: ***',
      'api_key: xxx',
      'api_key: ${OPENAI_API_KEY}',
      'token: $GITHUB_TOKEN',
      'secret: <your-key>',
      'password: <your password>',
      'client_secret: <production client secret>.',
      '비밀번호: <드라이브 비밀번호>',
      'password: {your password}',
      'api_key: your-api-key-here',
      'password: {{db_password}}',
      'token = os.environ["GH_TOKEN"]',
      'secret: ~/.config/lab/service-account.json',
      'password: op://Private/lab-drive/password',
      'The secret: small pull requests.',
      'Password: see the team vault.',
      'token: 1500',
      'max_tokens: 4096',
      'token_limit: 100000',
      'The API key lives in 1Password.',
      '비밀번호는 금고에 있다',
      'パスワード：金庫にある',
      'Use sk-learn for the baseline; see [[sk-some-very-long-kebab-case-name-2026]].',
      'AKIAIOSFODNN7EXAMPLE is the documented example key id.',
      // AWS's credentials-file example, as its docs print it.
      'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      'AWS_SECRET_ACCESS_KEY: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"',
      'https://user:password@example.com is the placeholder form.',
      'postgres://localhost:5432/app',
      'originSessionId: 2f3c4a5b6c-4f7e-9a51-7c2e8d9f0a11',
      'Commit 3f786850e387550fdab836ed7e6dc881de23001b fixed it.',
      '-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----',
      '-----BEGIN PRIVATE KEY-----\n<redacted>\n-----END PRIVATE KEY-----',
      'Task-runner config',
      'Keep pull requests small; reviewers skim long diffs.',
    ];
    for (const text of quiet) {
      it(JSON.stringify(text.slice(0, 60)), () => assert.deepEqual(found(text), []));
    }
  });

  describe('private keys', () => {
    it('covers the key body between the markers, across lines, with CRLF', () => {
      const text = ['Lab server key:', '', '-----BEGIN RSA PRIVATE KEY-----', ...KEY_LINES, '-----END RSA PRIVATE KEY-----', ''].join('\r\n');
      const [problem, ...rest] = problemsOf(text);
      assert.deepEqual(rest, []);
      assert.deepEqual(problem.range, { start: { line: 3, character: 0 }, end: { line: 5, character: KEY_LINES[2].length } });
      assert.match(problem.message, /^Private key stored in memory/);
      assert.equal(
        fixAll(text),
        ['Lab server key:', '', '-----BEGIN RSA PRIVATE KEY-----', REDACTED, '-----END RSA PRIVATE KEY-----', ''].join('\r\n'),
      );
    });

    it('finds an OpenSSH key, a JSON-escaped key and a key with no END line', () => {
      const openssh = ['-----BEGIN OPENSSH PRIVATE KEY-----', ...KEY_LINES, '-----END OPENSSH PRIVATE KEY-----'].join('\n');
      const json = `{"private_key": "-----BEGIN PRIVATE KEY-----\\n${KEY_LINES.join('\\n')}\\n-----END PRIVATE KEY-----\\n"}`;
      const cut = ['-----BEGIN EC PRIVATE KEY-----', ...KEY_LINES.slice(0, 2)].join('\n');
      assert.equal(fixAll(openssh), `-----BEGIN OPENSSH PRIVATE KEY-----\n${REDACTED}\n-----END OPENSSH PRIVATE KEY-----`);
      assert.equal(fixAll(json), `{"private_key": "-----BEGIN PRIVATE KEY-----\\n${REDACTED}\\n-----END PRIVATE KEY-----\\n"}`);
      assert.equal(fixAll(cut), `-----BEGIN EC PRIVATE KEY-----\n${REDACTED}`);
    });
  });

  describe('cost', () => {
    it('stays linear on long runs of look-alikes', function () {
      this.timeout(120_000);
      const shapes: [string, (size: number) => string][] = [
        ['a_ runs', (size) => 'a_'.repeat(size / 2)],
        ['password= runs', (size) => 'password='.repeat(Math.ceil(size / 9))],
        ['one long key body', (size) => '-----BEGIN PRIVATE KEY-----\n' + 'A'.repeat(size)],
        ['many key headers', (size) => '-----BEGIN PRIVATE KEY-----\nAAAA\n'.repeat(Math.ceil(size / 33))],
        ['xoxb- with dashes', (size) => 'xoxb-' + 'a-'.repeat(size / 2)],
        ['URL credentials', (size) => 'https://a:'.repeat(Math.ceil(size / 10))],
        ['JWT-like', (size) => 'ey' + 'a'.repeat(size)],
        ['sk- prefix', (size) => 'sk-' + 'a'.repeat(size)],
        ['token: runs', (size) => 'token:'.repeat(Math.ceil(size / 6))],
      ];
      for (const [name, makeInput] of shapes) assertLinearTime(name, makeInput, (text) => problemsOf(text));
    });
  });

  describe('on generated text', () => {
    it('never throws, keeps ranges inside the text, and finds nothing once every fix is applied', () => {
      const pieces = [
        ...Object.values(FAKE), 'password', 'token', 'api_key', 'secret', '비밀번호', 'パスワード', '=', ': ', ':', '"', "'", '`', ' ', '\n', '\r\n',
        'hunter22', '<redacted>', '<your password>', '{your token}', '${X}', 'xxx', '-----BEGIN PRIVATE KEY-----', '-----END PRIVATE KEY-----', ...KEY_LINES, 'https://', 'u:', 'p4ssw0rd@', 'host',
      ];
      fc.assert(
        // Pieces are kept apart by white space, as in any text: a token glued to the next word is no token.
        fc.property(fc.array(fc.tuple(fc.constantFrom(...pieces), fc.constantFrom(' ', '\n', '\r\n')), { maxLength: 25 }), (parts) => {
          const text = parts.map(([piece, space]) => piece + space).join('');
          const problems = problemsOf(text);
          const lines = text.split(/\r\n|\n/);
          for (const p of problems) assert.ok(p.range.end.line < lines.length && p.range.end.character <= lines[p.range.end.line].length);
          assert.deepEqual(problemsOf(fixAll(text)), []);
        }),
        { numRuns: Number(process.env.PROPERTY_RUNS ?? 500) },
      );
    });
  });

  describe('problems and fixes', () => {
    it('reports code, severity and a message naming the kind without the secret', () => {
      const [problem] = problemsOf(`token ${FAKE.github}`);
      assert.equal(problem.code, ProblemCode.Secret);
      assert.equal(problem.severity, 'error');
      assert.equal(problem.path, 'm.md');
      assert.deepEqual(problem.range, { start: { line: 0, character: 6 }, end: { line: 0, character: 6 + FAKE.github.length } });
      assert.match(problem.message, /^GitHub personal access token stored in memory/);
      for (const value of Object.values(FAKE)) assert.ok(!problemsOf(value).some((p) => p.message.includes(value) || p.message.includes(value.slice(4, 16))));
    });

    it('offers one preferred fix to <redacted>, not safe for --fix', () => {
      const [problem] = problemsOf(`token ${FAKE.github}`);
      assert.equal(problem.fixes?.length, 1);
      const [fix] = problem.fixes ?? [];
      assert.equal(fix.preferred, true);
      assert.equal(fix.safe, false);
      assert.equal(fix.title, 'Replace with <redacted>');
      assert.equal(fixAll(`token ${FAKE.github}`), 'token <redacted>');
    });

    it('finds every kind of token the same with or without a keyword in the file (a keyword alone searches only the kinds found by key name)', () => {
      for (const [name, value] of Object.entries(FAKE)) {
        if (name === 'awsSecret') continue;
        const alone = found(value);
        assert.equal(alone.length, 1, name);
        assert.deepEqual(found(`The key is kept elsewhere.\n${value}`), alone, name);
        assert.deepEqual(found(`비밀번호는 다른 곳에 둔다.\n${value}`), alone, name);
      }
      const upperHook = FAKE.slackHook.toUpperCase();
      assert.deepEqual(found(`Alerts token:\n${upperHook}`), [['Slack incoming webhook URL', upperHook]]);
      assert.deepEqual(found(`SECRET_ACCESS_KEY = ${FAKE.awsSecret}`), [['AWS secret access key', FAKE.awsSecret]]);
    });

    it('reports one problem per secret where patterns overlap, the specific kind first', () => {
      assert.deepEqual(found(`api_key: ${FAKE.openai}`), [['OpenAI-style API key', FAKE.openai]]);
      assert.deepEqual(found(`aws_secret_access_key: ${FAKE.awsSecret}`), [['AWS secret access key', FAKE.awsSecret]]);
      assert.deepEqual(found(`token: ${FAKE.github}, backup ${FAKE.gitlab}`), [
        ['GitHub personal access token', FAKE.github],
        ['GitLab personal access token', FAKE.gitlab],
      ]);
    });

    it('scans the whole file, frontmatter and code blocks included, and fixes a realistic memory', () => {
      const text = [
        '---',
        'name: reference-lab-drive',
        'description: Lab drive access for the experiment data',
        'type: reference',
        `api_key: ${FAKE.google}`,
        '---',
        '',
        'The shared drive is mounted from the lab server.',
        '',
        '```sh',
        `export GITHUB_TOKEN=${FAKE.github}`,
        '```',
        '',
        '- 공유 드라이브 비밀번호: lab2026!',
        '- Alerts: ' + FAKE.slackHook,
        '- Password for the old NAS: see the team vault.',
        '',
      ].join('\n');
      const parsed = parseMemoryFile('reference_lab_drive.md', text);
      const problems = secret({ path: parsed.path, text: parsed.text, memory: parsed }, context);
      assert.deepEqual(
        problems.map((p) => [p.range.start.line, p.message.replace(/ stored in memory\..*$/, '')]),
        [
          [4, 'Google API key'],
          [10, 'GitHub personal access token'],
          [13, 'Password ("비밀번호")'],
          [14, 'Slack incoming webhook URL'],
        ],
      );
      const fixed = fixAll(text);
      assert.equal(
        fixed,
        text
          .replace(FAKE.google, REDACTED)
          .replace(FAKE.github, REDACTED)
          .replace('lab2026!', REDACTED)
          .replace(FAKE.slackHook, REDACTED),
      );
      assert.deepEqual(problemsOf(fixed), []);
    });

    it('leaves nothing to find once every fix is applied', () => {
      // A bare 40-character string is no AWS secret until a key names it, as in secretlint.
      const values = Object.entries(FAKE).map(([name, value]) => (name === 'awsSecret' ? `aws_secret_access_key=${value}` : value));
      const text = values.join('\n') + '\npassword=hunter22\npostgres://app:S3cr3tPw9@db/app\n';
      assert.equal(problemsOf(text).length, Object.keys(FAKE).length + 2);
      assert.deepEqual(problemsOf(fixAll(text)), []);
    });
  });
});

describe('secret rule: credentials written in prose', () => {
  const hex = '9c4e1a7b2f8d3e6a' + '0b5c9d2e7f1a4b8c';
  const token = 'hx_7Kq2ZpR9' + 'vLm4Tn8WbY3cJd6FgH1s';
  const backup = 'Zq8xV2mN5pL1' + 'kJ7hTr4Wy9Bc';
  const values = (text: string): string[] => problemsOf(text).map((p) => {
    const lines = text.split('\n');
    return lines[p.range.start.line].slice(p.range.start.character, p.range.end.character);
  });

  it('finds a token stated in a sentence, after a colon in prose, and under a heading naming the key', () => {
    assert.deepEqual(values(`The deploy token is ${hex} — keep it out of git.`), [hex]);
    assert.deepEqual(values(`Write token for the hosting API: \`${token}\``), [token]);
    assert.deepEqual(values(`## 암호화 키\n\n- 용도: 백업 파일 암호화\n- 값: \`${backup}\``), [backup]);
    assert.deepEqual(values(`### バックアップ用の鍵\n値: \`${backup}\``), [backup]);
  });

  it('leaves hashes, ids and public halves alone', () => {
    assert.deepEqual(values(`Cache key is ${hex}, rebuilt nightly.`), []);
    assert.deepEqual(values(`Commit ${hex}${hex.slice(0, 8)} fixed the token refresh.`), []);
    assert.deepEqual(values(`## 공개 키\n- 값: \`${backup}\``), []);
    assert.deepEqual(values('The token is stored in 1Password under "deploy".'), []);
    assert.deepEqual(values('Worker secrets: HOLIDAY_API_KEY, MAIL_SIGNING_SECRET'), []);
    assert.deepEqual(values('The key is the user id plus the date.'), []);
  });
});
