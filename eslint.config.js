// ESLint flat config: type-checked TypeScript rules everywhere; React hooks, accessibility and
// TanStack Query rules for the SPA; import boundaries that keep the architecture one-way
// (app → features → shared code; features never import each other).
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SHARED_LAYERS = ['api', 'queries', 'lib', 'store', 'components', 'realtime'];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'screenshots', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.js'] },
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
    // Shared layers never reach up into features or the app shell.
    files: SHARED_LAYERS.map((layer) => `src/${layer}/**`),
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/features/**', '**/app/**'], message: 'Shared code must not import features or the app shell.' }] }],
    },
  },
  {
    // A feature uses shared code only; the app shell composes features.
    files: ['src/features/**'],
    rules: {
      // From src/features/<name>/x: `../other/…` is another feature; shared code is `../../<layer>/…`.
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./(?!\\.\\./)|/features/|/app/', message: 'Features do not import each other or the app shell; move shared code to src/lib, src/queries or src/components.' }] }],
    },
  },
  {
    // The browser bundle never imports server code (the simulator is for tests only).
    files: ['src/**'],
    ignores: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': ['error', { selector: "ImportDeclaration[source.value=/\\/server\\//]", message: 'The SPA must not import server code.' }],
    },
  },
  {
    files: ['eslint.config.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
