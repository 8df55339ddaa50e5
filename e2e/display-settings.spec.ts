/**
 * The display settings (language, theme, up/down colours, "Your data"): a row of controls in a
 * desk's header; on a phone, upright or on its side, one button whose panel holds them, so the
 * header keeps its room for the quote and the market's state (issue #31: nothing cut).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { resetSimulator } from './sim-control.ts';

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
});

const settingsButton = (page: Page) => page.getByRole('button', { name: 'Display settings' });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Display settings' });

for (const [width, height] of [
  [390, 844],
  [667, 375],
] as const) {
  test.describe(`a phone at ${String(width)} × ${String(height)}, touch`, () => {
    test.use({ viewport: { width, height }, isMobile: true, hasTouch: true });

    test('one button opens the settings over the page; each acts, and the panel closes by Escape, a tap away or Your data', async ({ page }) => {
      await page.goto('/?symbol=700.HK&interval=1d&tab=chart');
      await settingsButton(page).tap();
      await expect(panel(page)).toBeVisible();
      // The header's own controls are not there on a phone: one button holds them.
      await expect(page.getByRole('combobox', { name: 'Language' })).toHaveCount(1);
      await expect(panel(page).getByRole('combobox', { name: 'Language' })).toBeFocused();
      // The panel lies inside the window, over the page under the header.
      const box = await panel(page).boundingBox();
      if (!box) throw new Error('no panel');
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.y + box.height).toBeLessThanOrEqual(height);

      // The theme switches and the panel stays open for the next choice.
      await panel(page).getByRole('button', { name: 'Switch to light theme' }).tap();
      await expect(page.locator('html')).not.toHaveClass(/dark/);
      await expect(panel(page).getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
      await panel(page).getByRole('button', { name: 'Use red for up (Chinese convention)' }).tap();
      await expect(panel(page).getByRole('button', { name: 'Use green for up' })).toBeVisible();

      // A tap on the page closes it.
      await page.getByRole('tab', { name: 'Chart' }).tap();
      await expect(panel(page)).toHaveCount(0);
      await expect(settingsButton(page)).toHaveAttribute('aria-expanded', 'false');

      // Escape closes it back to the button.
      await settingsButton(page).tap();
      await expect(panel(page)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(panel(page)).toHaveCount(0);
      await expect(settingsButton(page)).toBeFocused();

      // Your data opens its dialog in the panel's place.
      await settingsButton(page).tap();
      await panel(page).getByRole('button', { name: 'Your data' }).tap();
      await expect(page.getByRole('dialog', { name: 'Your data' })).toBeVisible();
      await expect(panel(page)).toHaveCount(0);
      await page.keyboard.press('Escape');

      // The language switches from the panel, and the panel speaks it (the theme is light by now).
      await settingsButton(page).tap();
      await panel(page).getByRole('combobox', { name: 'Language' }).selectOption('zh-HK');
      await expect(page.getByRole('dialog', { name: '顯示設定' }).getByRole('button', { name: '切換到深色主題' })).toBeVisible();
      await expect(page.getByRole('tab', { name: '圖表' })).toBeVisible();
    });

    test('the header keeps every control whole: none runs past the window or under another', async ({ page }) => {
      await page.goto('/?symbol=700.HK&interval=1d&tab=chart');
      await expect(settingsButton(page)).toBeVisible();
      const boxes = await page.locator('header.app-header button, header.app-header [data-testid="symbol-header"]').evaluateAll((elements) =>
        elements.map((element) => {
          const rect = element.getBoundingClientRect();
          return { name: element.getAttribute('aria-label') ?? element.textContent, left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom };
        }),
      );
      for (const box of boxes) expect(box.right, `${box.name} runs past the window`).toBeLessThanOrEqual(width);
      for (const [index, one] of boxes.entries()) {
        for (const other of boxes.slice(index + 1)) {
          const overlap = one.left < other.right - 1 && other.left < one.right - 1 && one.top < other.bottom - 1 && other.top < one.bottom - 1;
          expect(overlap, `${one.name} overlaps ${other.name}`).toBe(false);
        }
      }
    });
  });
}

test('a desk keeps the controls in the header, no settings button', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/?symbol=700.HK&interval=1d&tab=chart');
  const header = page.locator('header.app-header');
  await expect(header.getByRole('combobox', { name: 'Language' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  await expect(settingsButton(page)).toHaveCount(0);
});
