import * as assert from 'node:assert/strict';
import { findSecrets } from '../../../../src/core/rules/secret/secretRule';
import { CREDENTIAL_WORDS } from '../../../../src/core/rules/secret/credentialWords';

const VALUE = 'q8ZrT2mWx7LpV4nK9sYb';

describe('credential words: one table for every key-word pattern of the secret rule', () => {
  it('finds a credential said in a sentence by any word of the table, where the patterns had each their own list', () => {
    // 시크릿 and シークレット were missing from the sentence pattern while 비밀번호, 토큰 and トークン were in it (seen failing before the table).
    for (const sentence of [`패스워드는 \`${VALUE}\` 이다.`, `결제 시크릿은 \`${VALUE}\` 이다.`, `Webhookシークレットは \`${VALUE}\` です。`, `토큰은 \`${VALUE}\` 이다.`]) {
      assert.equal(findSecrets(sentence).length, 1, sentence);
    }
  });

  it('finds an assignment by each CJK word of a password, token or secret, and leaves a bare key to the lookup-key judgment', () => {
    for (const kind of ['password', 'token', 'secret'] as const) {
      for (const word of CREDENTIAL_WORDS[kind].cjk) assert.equal(findSecrets(`${word}: ${VALUE}`).length, 1, word);
    }
    // A bare key with a namespaced value is a lookup key, in every language of the table.
    for (const word of CREDENTIAL_WORDS.key.cjk) assert.equal(findSecrets(`캐시 ${word}: session:user:42`).length, 0, word);
  });

  it('leaves words that only look alike alone', () => {
    for (const text of ['토큰 버킷 알고리즘으로 속도를 제한한다.', 'パスワードは定期的に変えない方針。', 'The secret of fast builds is caching.']) assert.equal(findSecrets(text).length, 0, text);
  });
});
