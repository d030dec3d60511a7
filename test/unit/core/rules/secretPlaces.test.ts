import * as assert from 'node:assert/strict';
import { findSecrets } from '../../../../src/core/rules/secret/secretRule';

// Where a credential is kept or used, written beside its name, is not the credential. Lines shaped like
// those seen false on a public memory folder, and near misses that must stay findings.
const found = (text: string): string[] => findSecrets(text).map((finding) => text.slice(finding.start, finding.end));

describe('secret: paths, files and addresses are where a credential lives, not the credential', () => {
  const quiet: [string, string][] = [
    ['- API key location: `C:\\Users\\ops\\OneDrive\\Documents\\n8n-env-template.txt` (line 43) — update it with new keys', 'a Windows path'],
    ['- Auth: JWT made from the Access Key + Secret Key from reference_credentials.md. API: `api.vidgenai.com/v1/videos/image2video`', 'a host and path in the next sentence'],
    ['- Token file: `D:/secrets/telegram_bot_token.env`', 'a file of keys'],
    ['- 토큰 위치: `C:\\Users\\me\\keys\\slack-token.txt`', 'Korean, a Windows path'],
    ['- APIキーの保存先: `~/.config/app/credentials.json`', 'Japanese, a home path'],
    ['- API endpoint for the key service: `api.keyvaultly.io/v2/rotate`', 'a host and path after a key word'],
  ];
  for (const [line, why] of quiet) it(`${JSON.stringify(line)} (${why})`, () => assert.deepEqual(found(line), []));

  const secrets: [string, string][] = [
    ['- API key: `sk_live_4eC39HqLyjWDarjtT1zdp7dcQ2xv9Fk3`', 'a live key'],
    ['- Token: `ghp_R8x2Kq9LmN4vB7cT1wZ5yH3jD6fS0aPeXuQi`', 'a GitHub token'],
    ['The deploy token is `Zq4xT9bLm2VnR8cK3wY7pJ5dH1gF6sAe` — keep it out of git.', 'a prose token'],
  ];
  for (const [line, why] of secrets) it(`${JSON.stringify(line)} (${why}) is a finding`, () => assert.equal(found(line).length, 1));
});
