// Time is a service (src/time/clock.ts): the market's "now" is read from the app services'
// Clock, and the browser's own clock through `wallClock`, named so. Only the clock module calls
// Date.now() or an argument-less new Date() itself; another file that truly needs the browser's
// clock says why: `// eslint-disable-next-line no-restricted-syntax -- wall time: <why>`.
import { NO_SERVER_IN_SPA, SPA_TEST_FILES } from './boundaries.js';

const USE_A_CLOCK = "Read the time from a Clock (src/time/clock.ts): the app services' clock for the market's time, wallClock for wall time.";

export const CLOCK_READS = [
  { selector: "CallExpression[callee.type='MemberExpression'][callee.object.name='Date'][callee.property.name='now']", message: USE_A_CLOCK },
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: USE_A_CLOCK },
];

/** Flat-config objects, spread after boundaryConfigs (whose no-restricted-syntax entry they restate). */
export const clockConfigs = [
  {
    files: ['src/**'],
    ignores: [...SPA_TEST_FILES, 'src/**/*-test-support.ts', 'src/**/test-support*.ts', 'src/time/clock.ts'],
    rules: {
      'no-restricted-syntax': ['error', NO_SERVER_IN_SPA, ...CLOCK_READS],
    },
  },
];
