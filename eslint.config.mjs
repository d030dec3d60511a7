// ESLint (flat config) with typescript-eslint; the layering rule is scripts/lint/layers.cjs.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import lintLayers from './scripts/lint/layers.cjs';

const { layers } = lintLayers;

export default tseslint.config(
  { ignores: ['dist/**', 'packages/*/dist/**', 'out/**', 'node_modules/**', '.vscode-test/**', 'test/fixtures/**', 'examples/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    plugins: { project: { rules: { layers } } },
    rules: {
      'project/layers': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Names, YAML scalars and the frontmatter scanner match control characters and combining marks
      // on purpose (refusing them, escaping them), and escapes like \[ keep hand-written patterns readable.
      'no-control-regex': 'off',
      'no-misleading-character-class': 'off',
      'no-useless-escape': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', URL: 'readonly', Buffer: 'readonly' } },
  },
  {
    // The UI checks hand functions to page.evaluate, which run in the browser.
    files: ['scripts/vscode/**/*.mjs'],
    languageOptions: { globals: { document: 'readonly', window: 'readonly', getComputedStyle: 'readonly' } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
