// ESLint flat config: type-checked TypeScript rules everywhere; React hooks, accessibility and
// TanStack Query rules for the SPA; import boundaries that keep the architecture one-way
// (eslint/boundaries.js); the market's time read from a Clock (eslint/clock-reads.js).
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { boundaryConfigs } from './eslint/boundaries.js';
import { clockConfigs } from './eslint/clock-reads.js';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'screenshots', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.js', 'eslint/boundaries.js', 'eslint/clock-reads.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['server/**', 'bench/**', 'scripts/**', 'e2e/**', 'vite-plugins/**', '*.config.ts', '*.config.js'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/**'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs['recommended-latest'].rules,
  },
  { files: ['src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  ...pluginQuery.configs['flat/recommended'],
  {
    // A client is how a query fetches, not what it fetches: the API client and the ticker batchers
    // a query function closes over are not part of its key (two instances fetch the same data).
    // Of a market feed, the key holds its source; its clients are how.
    files: ['src/**'],
    rules: { '@tanstack/query/exhaustive-deps': ['error', { allowlist: { types: ['ApiClient', 'TickerBatchers', 'Clock', 'SnapshotFeed', 'MarketFeed'] } }] },
  },
  {
    // A memo that a language switch renders again (src/i18n/memo-translated.ts): behind React's
    // own, a component whose props had not changed kept the old language's words.
    files: ['src/**'],
    ignores: ['src/i18n/memo-translated.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react', importNames: ['memo'], message: 'Use memoTranslated (src/i18n/memo-translated.ts): it renders again on a language switch.' },
          ],
        },
      ],
    },
  },
  ...boundaryConfigs,
  // Time is read from a Clock (eslint/clock-reads.js).
  ...clockConfigs,
  {
    files: ['eslint.config.js', 'eslint/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
