/**
 * Lighthouse 12 on the first page, desktop preset, performance / accessibility / best practices:
 * one run in its own Chromium (chrome-launcher with the bench's Chromium and flags). Audits that
 * cost points are listed under the figures.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import type { Figure } from '../figure.ts';
import { chromiumPath, CHROMIUM_FLAGS, type BrowserBenchContext } from './context.ts';

const CATEGORIES = { performance: 95, accessibility: 100, 'best-practices': 100 } as const;
const GROUP = 'browser: Lighthouse 12 (desktop preset)';
/** Audits that carry no pass/fail. */
const UNSCORED = new Set(['notApplicable', 'manual', 'informative', 'error']);

/** The first elements an audit flags, by selector, so a failure can be found without the report. */
function where(details: unknown): string {
  const items = (details as { items?: { node?: { selector?: string } }[] } | undefined)?.items ?? [];
  const selectors = items.flatMap((item) => (item.node?.selector ? [item.node.selector] : [])).slice(0, 3);
  return selectors.length > 0 ? ` at ${selectors.join(' | ')}${items.length > selectors.length ? ` (+${String(items.length - selectors.length)})` : ''}` : '';
}

export async function lighthouseFigures(ctx: BrowserBenchContext): Promise<Figure[]> {
  const path = chromiumPath();
  const chrome = await chromeLauncher.launch({ ...(path && { chromePath: path }), chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });
  try {
    const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(CATEGORIES) };
    const result = await lighthouse(`${ctx.baseUrl}/`, flags, desktopConfig);
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    return Object.entries(CATEGORIES).map(([id, target]): Figure => {
      const category = lhr.categories[id];
      const score = Math.round((category?.score ?? 0) * 100);
      const failing = (category?.auditRefs ?? [])
        .filter((ref) => id !== 'performance' || ref.weight > 0)
        .map((ref) => lhr.audits[ref.id])
        .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 1 && !UNSCORED.has(audit.scoreDisplayMode))
        .map((audit) => `${audit?.id ?? ''} (score ${String(audit?.score)}${audit?.displayValue ? `, ${audit.displayValue}` : ''})${where(audit?.details)}`);
      return {
        group: GROUP,
        name: `${category?.title ?? id} (benchmarkIndex ${String(Math.round(lhr.environment.benchmarkIndex))})${lhr.runtimeError ? ` (error: ${lhr.runtimeError.code})` : ''}`,
        value: score,
        unit: '',
        decimals: 0,
        target: `≥ ${String(target)}`,
        pass: score >= target,
        ...(failing.length > 0 && { details: failing.map((line) => `failing: ${line}`) }),
      };
    });
  } finally {
    chrome.kill();
  }
}
