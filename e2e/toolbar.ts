/** The chart toolbar as a user meets it (shared by journeys). */
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Unfolds the toolbar's More if it folds anything, once the toolbar is whole: its controls after
 * the first candle (the scales, then the indicators' fields) are in. Deciding before then misses a More that appears
 * with them, and a control then clicked under the fold (Playwright scrolls the folded box to it)
 * unfolds the toolbar under the pointer, and the click is lost. `scope`: a layout's cell, or the page.
 */
export async function unfoldToolbar(scope: Page | Locator): Promise<void> {
  await expect(scope.getByRole('radiogroup', { name: 'Price scale' }).first()).toBeAttached({ timeout: 15_000 });
  // The indicators' fields are the toolbar's last controls.
  await expect(scope.getByRole('button', { name: 'Indicators…' }).first()).toBeAttached({ timeout: 15_000 });
  // The fold is measured when the browser lays the new controls out, at its next frame.
  await ('page' in scope ? scope.page() : scope).evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const more = scope.getByRole('button', { name: 'More chart tools' });
  if ((await more.isVisible()) && (await more.getAttribute('aria-expanded')) !== 'true') await more.click();
}
