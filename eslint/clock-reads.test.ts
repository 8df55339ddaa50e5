// The clock rule refuses the browser's clock read outside src/time/clock.ts, and keeps the
// boundaries' own no-restricted-syntax entry (a later config's options replace an earlier one's).
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { boundaryConfigs } from './boundaries.js';
import { clockConfigs } from './clock-reads.js';

const linter = new Linter({ configType: 'flat' });
const config: Linter.Config[] = [
  { files: ['**/*.ts', '**/*.tsx'], languageOptions: { parser: tseslint.parser, sourceType: 'module' } },
  ...boundaryConfigs,
  ...clockConfigs,
];

function broken(filename: string, source: string): string[] {
  return linter.verify(source, config, { filename }).map((message) => message.ruleId ?? message.message);
}

describe('clock reads', () => {
  it('refuses Date.now() and an argument-less new Date() in the app', () => {
    expect(broken('src/app/x.ts', 'export const now = Date.now();')).toEqual(['no-restricted-syntax']);
    expect(broken('src/features/chart/x.tsx', 'export const today = new Date();')).toEqual(['no-restricted-syntax']);
  });

  it('lets a date be built from a time, the clock module read the browser clock, and tests do as they like', () => {
    expect(broken('src/lib/x.ts', 'export const day = new Date(0); export const ms = Date.parse("2026-01-01");')).toEqual([]);
    expect(broken('src/time/clock.ts', 'export const now = () => Date.now();')).toEqual([]);
    expect(broken('src/lib/x.test.ts', 'export const now = Date.now();')).toEqual([]);
    expect(broken('src/queries/query-test-support.ts', 'export const now = Date.now();')).toEqual([]);
  });

  it('accepts a read that names its reason, and still keeps server code out of the app', () => {
    expect(broken('src/lib/x.ts', '// eslint-disable-next-line no-restricted-syntax -- wall time: a cache TTL\nexport const now = Date.now();')).toEqual([]);
    expect(broken('src/api/x.ts', "import { a } from '../../server/sim/app.ts';")).toEqual(['no-restricted-syntax']);
    expect(broken('src/time/clock.ts', "import { a } from '../../server/sim/app.ts';")).toEqual(['no-restricted-syntax']);
  });
});
