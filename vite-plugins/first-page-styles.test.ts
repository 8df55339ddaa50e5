import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIRST_PAGE_SOURCES_FILE, firstPageModules, firstPageSourcesCss, staticSpecifiers, unstyledComponentLoads } from './first-page-styles.ts';

describe('staticSpecifiers', () => {
  it('finds static imports and re-exports, over several lines, but not type-only or dynamic ones', () => {
    const code = [
      "import { a, type B } from './a';",
      'import {',
      '  c,',
      '  d,',
      "} from './cd';",
      "import './side-effect.css';",
      "import React, { useState } from 'react';",
      "import type { E } from './only-types';",
      "export type { F } from './only-types-too';",
      "export { g } from './g';",
      "export * from './all';",
      "const lazy = () => import('./lazy');",
      " * import { quoted } from './in-a-comment' (a comment's line starts with its star)",
    ].join('\n');
    expect(staticSpecifiers(code)).toEqual(['./a', './cd', './side-effect.css', 'react', './g', './all']);
  });
});

describe('the first page style sheet sources', () => {
  const modules = firstPageModules();

  it('are the modules the first screen imports statically, not those loaded on demand', () => {
    expect(modules).toEqual(expect.arrayContaining(['src/main.tsx', 'src/app/boot/boot.ts', 'src/features/chart/candle-chart.tsx', 'src/lib/page-events.ts']));
    expect(modules).not.toContain('src/features/alerts/alerts-panel.tsx');
    expect(modules).not.toContain('src/features/chart/chart-view-tools.tsx');
  });

  it('are listed as made (stale: run `npx tsx vite-plugins/first-page-styles.ts`)', () => {
    expect(readFileSync(FIRST_PAGE_SOURCES_FILE, 'utf8')).toBe(firstPageSourcesCss(modules));
  });

  it('leave no component loaded on demand without the on-demand utilities', () => {
    expect(unstyledComponentLoads(modules)).toEqual([]);
  });
});
