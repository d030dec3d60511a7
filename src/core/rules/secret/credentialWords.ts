/**
 * The words that name a credential, by kind and language: the one table the secret rule's key-word
 * patterns are built from (assignments, their gates and hints, credentials and passwords said in a
 * sentence, headings and table cells naming a key). English is written in the patterns themselves,
 * where its plurals and compounds (`api_key`, `client-secret`, `passwords?`) need regular expressions;
 * Korean, Japanese and Chinese words are whole words, listed here once.
 */
export type CredentialKind = 'password' | 'token' | 'secret' | 'key';

export const CREDENTIAL_WORDS: Readonly<Record<CredentialKind, { readonly en: readonly string[]; readonly cjk: readonly string[] }>> = {
  password: { en: ['password', 'passwd', 'passphrase'], cjk: ['비밀번호', '패스워드', 'パスワード', '密码'] },
  token: { en: ['token'], cjk: ['토큰', 'トークン'] },
  secret: { en: ['secret'], cjk: ['시크릿', 'シークレット'] },
  // A bare key names a lookup key far more often than a credential: see `isBareKey`.
  key: { en: ['key'], cjk: ['키', 'キー', '鍵'] },
};

/**
 * Keys that are credentials by their qualifier, in Korean and Japanese (an API key, an access key,
 * an encryption key); `\s?` and ` ?` as people write them with or without a space.
 */
export const QUALIFIED_KEYS_CJK: readonly string[] = ['API ?키', '액세스 ?키', 'API ?キー', 'アクセスキー'];
export const ENCRYPTION_KEY_KO = '암호화\\s?키';

/** The CJK words of `kinds`, as one alternation. */
export function cjkWords(...kinds: readonly CredentialKind[]): string {
  return kinds.flatMap((kind) => CREDENTIAL_WORDS[kind].cjk).join('|');
}

/** The English words of `kinds`, as one alternation. */
export function englishWords(...kinds: readonly CredentialKind[]): string {
  return kinds.flatMap((kind) => CREDENTIAL_WORDS[kind].en).join('|');
}

export const ALL_KINDS: readonly CredentialKind[] = ['password', 'token', 'secret', 'key'];
