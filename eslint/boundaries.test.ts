// Each boundary of eslint/boundaries.js refuses a reach across it and lets the right import pass.
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { boundaryConfigs } from './boundaries.js';

const linter = new Linter({ configType: 'flat' });
const config: Linter.Config[] = [{ files: ['**/*.ts', '**/*.tsx'], languageOptions: { parser: tseslint.parser, sourceType: 'module' } }, ...boundaryConfigs];

/** The boundary rules `source` breaks as the file `filename`. */
function broken(filename: string, source: string): string[] {
  return linter.verify(source, config, { filename }).map((message) => message.ruleId ?? message.message);
}

describe('import boundaries', () => {
  it('keeps shared/ free of the app, the server and Node', () => {
    expect(broken('shared/x.ts', "import { a } from '../src/api/client.ts';")).toEqual(['no-restricted-imports']);
    expect(broken('shared/x.ts', "import { a } from '../server/app.ts';")).toEqual(['no-restricted-imports']);
    expect(broken('shared/x.ts', "import { a } from 'node:fs';")).toEqual(['no-restricted-imports']);
    expect(broken('shared/x.ts', "import { a } from './contract';")).toEqual(['no-restricted-imports']);
    expect(broken('shared/x.ts', "import { a } from './contract.ts';")).toEqual([]);
  });

  it('lets the server reach browser code only through #shared, with extensions', () => {
    expect(broken('server/cache/x.ts', "import { a } from '../../src/api/contract.ts';")).toEqual(['no-restricted-imports']);
    expect(broken('server/x.ts', "import { a } from '#shared/contract';")).toEqual(['no-restricted-imports']);
    expect(broken('server/x.ts', "import { a } from './app';")).toEqual(['no-restricted-imports']);
    expect(broken('server/x.ts', "import { a } from '#shared/contract.ts';\nimport { b } from './app.ts';\nimport { Hono } from 'hono';")).toEqual([]);
  });

  it('keeps the simulator out of production server code, its own mode and tests aside', () => {
    expect(broken('server/realtime/feed/replies.ts', "import { reply } from '../../sim/realtime/messages.ts';")).toEqual(['no-restricted-syntax']);
    expect(broken('server/realtime/feed/replies.ts', "export { reply } from '../../sim/realtime/messages.ts';")).toEqual(['no-restricted-syntax']);
    expect(broken('server/upstream/x.ts', "const m = import('../sim/app.ts');")).toEqual(['no-restricted-syntax']);
    expect(broken('server/realtime/feed/replies.ts', "import { reply } from '#shared/realtime-messages.ts';\nimport { a } from '../sim-link.ts';")).toEqual([]);
    expect(broken('server/app.ts', "import { createSimulator } from './sim/app.ts';")).toEqual([]);
    expect(broken('server/tests/x.test.ts', "import { createSimulator } from '../sim/app.ts';")).toEqual([]);
    expect(broken('server/sim/realtime/x.ts', "import { a } from './topics.ts';")).toEqual([]);
  });

  it('keeps server code out of the browser app, tests aside', () => {
    expect(broken('src/api/x.ts', "import { a } from '../../server/sim/app.ts';")).toEqual(['no-restricted-syntax']);
    expect(broken('src/api/x.ts', "const m = import('../../server/sim/app.ts');")).toEqual(['no-restricted-syntax']);
    expect(broken('src/api/x.test-support.ts', "import { a } from '../../server/sim/app.ts';")).toEqual([]);
    expect(broken('src/api/x.ts', "import { a } from '#shared/contract.ts';")).toEqual([]);
  });

  it('keeps features apart and shared layers below them', () => {
    expect(broken('src/features/chart/x.ts', "import { a } from '../watchlist/y';")).toEqual(['no-restricted-imports']);
    expect(broken('src/features/chart/x.ts', "import { a } from '../../app/app';")).toEqual(['no-restricted-imports']);
    expect(broken('src/features/chart/x.ts', "import { a } from '../../queries/y';\nimport { b } from './z';")).toEqual([]);
    expect(broken('src/queries/x.ts', "import { a } from '../features/chart/y';")).toEqual(['no-restricted-imports']);
    // The chart's surface is the one seam other features may reach; nothing else of the chart.
    expect(broken('src/features/alerts/x.ts', "import { a } from '../chart/chart-surface';")).toEqual([]);
    expect(broken('src/features/alerts/x.ts', "import { a } from '../chart/chart-adapter';")).toEqual(['no-restricted-imports']);
    expect(broken('src/features/alerts/x.ts', "import { a } from '../chart/chart-surface-extra';")).toEqual(['no-restricted-imports']);
    expect(broken('src/queries/x.ts', "import { a } from '../features/chart/chart-surface';")).toEqual(['no-restricted-imports']);
    expect(broken('src/lib/x.ts', "import { a } from '../app/y';")).toEqual(['no-restricted-imports']);
    // The account status (issue 20) is a feature like the others: shared code yes, other features no.
    expect(broken('src/features/account/x.tsx', "import { a } from '../../api/api-error';\nimport './x.css';")).toEqual([]);
    expect(broken('src/features/account/x.tsx', "import { a } from '../chart/chart-adapter';")).toEqual(['no-restricted-imports']);
    expect(broken('src/features/account/x.tsx', "import { a } from '../../../server/auth/access.ts';")).toEqual(['no-restricted-syntax']);
    // The translations are a shared layer: every feature reads them, they read no feature.
    expect(broken('src/i18n/x.ts', "import { a } from '../features/search/y';")).toEqual(['no-restricted-imports']);
    expect(broken('src/features/search/x.ts', "import { t } from '../../i18n/t';")).toEqual([]);
  });

  it('lets the chart’s drawing tools use their chart feature, and nothing of another', () => {
    expect(broken('src/features/chart/drawings/x.ts', "import { a } from '../chart-surface';\nimport { b } from '../../../store/app-store';")).toEqual([]);
    expect(broken('src/features/chart/drawings/x.ts', "import { a } from '../../watchlist/y';")).toEqual(['no-restricted-imports']);
    expect(broken('src/features/chart/drawings/x.ts', "import { a } from '../../../app/app';")).toEqual(['no-restricted-imports']);
    expect(broken('src/features/chart/layout/x.ts', "import { a } from '../chart-panel';")).toEqual([]);
    expect(broken('src/features/chart/layout/x.ts', "import { a } from '../../watchlist/y';")).toEqual(['no-restricted-imports']);
    expect(broken('src/features/chart/compare/x.ts', "import { a } from '../indicator-overlays';")).toEqual([]);
    expect(broken('src/features/chart/compare/x.ts', "import { a } from '../../watchlist/y';")).toEqual(['no-restricted-imports']);
  });
});
