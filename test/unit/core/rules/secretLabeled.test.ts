import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { MemoryStore } from '../../../../src/core/memoryStore';
import { resolveTypeSet } from '../../../../src/core/memoryTypes';
import { DEFAULT_INDEX_BUDGET, type RuleContext } from '../../../../src/core/rules/shared/ruleContext';
import { ASSIGNMENT, assignmentMatches, findSecrets, secret } from '../../../../src/core/rules/secret/secretRule';
import { LineIndex } from '../../../../src/core/lineIndex';
import { assertLinearTime } from '../../helpers/linearTime';
import { FAKE, SECRET_LABELED } from './secretLabeled';

const context: RuleContext = {
  store: new MemoryStore(),
  typeSet: resolveTypeSet('claude-code', []),
  budget: DEFAULT_INDEX_BUDGET,
  modifiedTime: () => undefined,
};

/** The text each finding's range covers. */
function foundValues(text: string): string[] {
  const lines = new LineIndex(text);
  return secret({ path: 'm.md', text }, context).map((p) => text.slice(lines.offsetAt(p.range.start), lines.offsetAt(p.range.end)));
}

describe('secret rule on labeled lines (en, ko, ja)', () => {
  it('finds every labeled credential and nothing else', () => {
    let right = 0;
    const wrong: string[] = [];
    let falseFindings = 0;
    let missed = 0;
    for (const { text, secrets } of SECRET_LABELED) {
      const found = foundValues(text);
      const spurious = found.filter((value) => !secrets.includes(value));
      const absent = secrets.filter((value) => !found.includes(value));
      falseFindings += spurious.length;
      missed += absent.length;
      if (spurious.length === 0 && absent.length === 0) right++;
      else wrong.push(`${JSON.stringify(text.slice(0, 70))}: found ${JSON.stringify(found)}`);
    }
    const credentials = SECRET_LABELED.reduce((n, line) => n + line.secrets.length, 0);
    console.log(`      secret: ${right}/${SECRET_LABELED.length} lines right; ${credentials - missed}/${credentials} credentials found, ${falseFindings} false findings`);
    assert.deepEqual(wrong, []);
    assert.equal(right, SECRET_LABELED.length);
  });

  it('finds a credential among names of secrets on the same line, and leaves the names', () => {
    const text = `Worker secrets: HOLIDAY_API_KEY, SMTP_PASSWORD; api_key=${FAKE.apiKey} token: \${GITHUB_TOKEN}`;
    assert.deepEqual(foundValues(text), [FAKE.apiKey]);
  });
});

describe('secret rule time', () => {
  // Shapes that made it quadratic (every finding checked against every earlier one) or could make a
  // pattern backtrack: runs of assignments, open brackets, separators, prefixes and URLs.
  const units = [
    'password=hunter22\n',
    'password=hunter22 ',
    'password: <',
    'password=',
    'api_key: abc123def456 ',
    'a-',
    'token:',
    'postgres://a:b@',
    'redis://:',
    'ghp_',
    'eyJ',
    '비밀번호: lab2026! ',
    'トークン：',
    '?api_key=&',
    `${FAKE.github} password=hunter22 `,
    '| key |\n|---|---|\n',
    '|---|---|\n| API key | ',
    'Authorization: Bearer ',
  ];
  // The scan is what was quadratic; turning each finding into a problem is one map over them.
  it('grows linearly on 250 KB and 1 MB inputs of the worst shapes', function () {
    this.timeout(120_000);
    fc.assert(
      fc.property(fc.constantFrom(...units), fc.constantFrom('', ' ', '\n', 'x'), (unit, glue) => {
        const piece = unit + glue;
        assertLinearTime(JSON.stringify(piece), (size) => piece.repeat(Math.ceil(size / piece.length)).slice(0, size), (text) => findSecrets(text));
      }),
      { numRuns: 12 },
    );
  });
});

describe('secret rule assignment search', () => {
  // Only lines with a key word before a separator are searched with the full pattern: the matches
  // must be exactly those of one global search over the text.
  const pieces = [
    'password', 'DB_PASSWORD', 'api_key', 'API KEY', 'client-secret', 'token', 'Bearer token', 'ſecret', 'KEY', '비밀번호', 'API 키', 'トークン', 'アクセスキー', '密码',
    ':', '=', '=>', ':=', '：', ' ', '\t', '\n', '\r\n', '"', "'", '`', '**', 'hunter22', '<your key>', '{vault}', 'lab2026!', 'a.', '_', '-', '?', '&', ',', ';', 'é', '한',
  ];
  it('finds what one global search finds, at the same places', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        const expected = [...text.matchAll(ASSIGNMENT)].map((match) => [match.index, match[0]]);
        const actual = [...assignmentMatches(text)].map(({ match, index }) => [index, match[0]]);
        assert.deepEqual(actual, expected);
      }),
      { numRuns: 2000 },
    );
  });
});
