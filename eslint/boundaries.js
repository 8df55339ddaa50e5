// The architecture's one-way arrows as lint rules, in one place (eslint/boundaries.test.ts feeds
// each a reach it must refuse):
//
//   src/app → src/features → src/{api,queries,lib,store,components,realtime} → #shared
//   server → #shared
//
// shared/ is what both runtimes use (the contract, the server↔browser protocol, time zones,
// adjustment, the K-line window policy); it imports nothing of theirs. The browser app and the
// server never import each other (tests may load the simulator). Node loads server and shared
// code without a bundler, so their imports name the file's extension.

const SHARED_LAYERS = ['api', 'queries', 'lib', 'store', 'components', 'realtime', 'i18n', 'time'];

const EXTENSION_REQUIRED = {
  regex: '^(\\.{1,2}/|#shared/)(?!.*\\.(ts|js|json)$)',
  message: 'Node loads this code without a bundler: import with the file extension (.ts).',
};

/** The browser app's own files: tests and their support may load the simulator. */
export const SPA_TEST_FILES = ['src/**/*.test.ts', 'src/**/*.test.tsx', 'src/**/*.test-support.ts', 'src/**/*.test-support.tsx'];

/** A no-restricted-syntax entry; eslint/clock-reads.js restates it next to its own for the same files. */
export const NO_SERVER_IN_SPA = {
  selector: 'ImportDeclaration[source.value=/(^|\\/)server\\//], ImportExpression[source.value=/(^|\\/)server\\//]',
  message: 'The SPA must not import server code.',
};

/** Flat-config objects; `eslint.config.js` spreads them after the shared rule sets. */
export const boundaryConfigs = [
  {
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)(src|server)(/|$)', message: 'shared/ is imported by the app and the server; it imports neither.' },
            { regex: '^node:', message: 'shared/ runs in the browser too: no Node built-ins.' },
            EXTENSION_REQUIRED,
          ],
        },
      ],
    },
  },
  {
    files: ['server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '(^|/)src(/|$)', message: 'The server reaches browser code only through #shared/.' }, EXTENSION_REQUIRED],
        },
      ],
    },
  },
  {
    // Production server code does not depend on the simulator: what both speak lives in shared/.
    // The exceptions are the simulator mode's own composition (choosing and embedding it) and tests.
    // A syntax rule, so that it adds to the server's import rules above instead of replacing them.
    files: ['server/**'],
    ignores: [
      'server/sim/**',
      'server/sim-main.ts',
      'server/app.ts',
      'server/config.ts',
      'server/realtime/sim-link.ts',
      'server/**/*.test.ts',
      'server/**/*test-support.ts',
      'server/test-support/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'ImportDeclaration[source.value=/(^|\\/)sim\\//], ExportAllDeclaration[source.value=/(^|\\/)sim\\//], ExportNamedDeclaration[source.value=/(^|\\/)sim\\//], ImportExpression[source.value=/(^|\\/)sim\\//]',
          message: 'Production server code does not import the simulator; move what both need to shared/ or server/realtime.',
        },
      ],
    },
  },
  {
    // Shared layers never reach up into features or the app shell.
    files: SHARED_LAYERS.map((layer) => `src/${layer}/**`),
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/features/**', '**/app/**'], message: 'Shared code must not import features or the app shell.' }] },
      ],
    },
  },
  {
    // A feature uses shared code only; the app shell composes features.
    files: ['src/features/**'],
    rules: {
      // From src/features/<name>/x: `../other/…` is another feature; shared code is `../../<layer>/…`.
      // One deliberate exception: the main chart's surface (chart/chart-surface.ts), the seam the
      // chart publishes for the workbench features that draw on it (alert lines, drawings, export);
      // it imports nothing of the chart but types from lightweight-charts.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\./|chart/chart-surface$)|/features/(?!chart/chart-surface$)|/app/',
              message: 'Features do not import each other or the app shell; move shared code to src/lib, src/queries or src/components.',
            },
          ],
        },
      ],
    },
  },
  {
    // The chart's drawing tools, its comparisons and its layouts are sub-modules of the chart
    // feature (src/features/chart/drawings, …/compare, …/layout), loaded on demand: they may reach
    // their own feature one level up (`../chart-surface`), but never another feature
    // (`../../<feature>/…`) or the app shell.
    files: ['src/features/chart/drawings/**', 'src/features/chart/compare/**', 'src/features/chart/layout/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./\\.\\./(?!\\.\\./)|/features/|/app/',
              message: 'The chart’s sub-modules (drawings, compare, layout) use their chart feature and shared code only.',
            },
          ],
        },
      ],
    },
  },
  {
    // The browser bundle never imports server code (the simulator is for tests only). A syntax
    // rule, so that it adds to the layers' import rules above instead of replacing them.
    files: ['src/**'],
    ignores: SPA_TEST_FILES,
    rules: {
      'no-restricted-syntax': ['error', NO_SERVER_IN_SPA],
    },
  },
];
