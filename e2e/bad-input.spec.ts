/**
 * Bad input leaves a working page: garbage in the search box gives a clear "no match" (or the
 * plain list), garbage in any URL parameter falls back to its default with a notice, and a
 * corrupted saved store keeps the user's good watchlists. Nothing typed or linked is ever run as
 * markup, and no error escapes the page.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { resetSimulator } from './sim-control.ts';

/** Set by any injected markup or script that runs: it must never be. */
const PWNED = '__chartroomPwned';

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
});

/** Page errors, unhandled rejections and native dialogs (alert/confirm) seen so far. */
async function watchPage(page: Page): Promise<{ problems: () => Promise<string[]> }> {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const rejections: string[] = [];
    Object.defineProperty(window, '__rejections', { value: rejections });
    window.addEventListener('unhandledrejection', (event) => {
      rejections.push(String(event.reason));
    });
  });
  return {
    problems: async () => {
      const state = await page.evaluate((flag) => {
        const holder = window as unknown as Record<string, unknown>;
        return { rejections: (holder.__rejections as string[] | undefined) ?? [], pwned: holder[flag] !== undefined };
      }, PWNED);
      return [...problems, ...state.rejections.map((reason) => `unhandledrejection: ${reason}`), ...(state.pwned ? ['injected markup ran'] : [])];
    },
  };
}

/** The dashboard works: the chart of `symbol` draws its legend and the watchlist has prices. */
async function expectWorking(page: Page, symbol: string): Promise<void> {
  await expect(page.getByTestId('symbol-header')).toContainText(symbol);
  await expect(page.getByTestId('chart-legend')).toContainText('C', { timeout: 15_000 });
  await expect(page.getByTestId('watchlist-row').first().getByTestId('watchlist-last')).toHaveText(/\d/, { timeout: 15_000 });
}

test('garbage in the search box gives no match or the plain list, and the palette keeps working', async ({ page }) => {
  const watch = await watchPage(page);
  await page.goto('/?symbol=AAPL.US');
  await expectWorking(page, 'AAPL.US');
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Search symbols' });
  const box = dialog.getByRole('combobox', { name: 'Search symbols' });
  const options = dialog.getByTestId('search-option');
  // The whole catalogue is in: "2,815 instruments".
  await expect(dialog.getByTestId('search-count')).toHaveText(/^[\d,]+ instruments$/, { timeout: 15_000 });

  const garbage = [
    'x'.repeat(5_000),
    `<script>window.${PWNED} = 1</script>`,
    `<img src=x onerror="window.${PWNED}=1">`,
    '"; DROP TABLE symbols; --',
    '📈🚀💹🤑',
    '%00',
    '\u202Eevil\u202C',
    '../../etc/passwd',
    `${'A'.repeat(21)}.US`,
  ];
  for (const text of garbage) {
    await box.fill(text);
    await expect(box).toHaveValue(text);
    // A clear answer: zero matches, said in words, and no options to pick.
    await expect(dialog).toContainText(/(?<![\d,])0 matches/);
    await expect(options).toHaveCount(0);
    await box.press('Enter');
    await expect(dialog).toBeVisible();
  }
  // Only spaces is no query at all: the plain list, not "0 matches".
  await box.fill('     ');
  await expect(options.first()).toBeVisible();
  await expect(dialog).not.toContainText('matches');

  // Still a working palette and page.
  await box.fill('00700.HK');
  await expect(options.first()).toHaveAttribute('data-symbol', '700.HK');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/symbol=700\.HK/);
  await expectWorking(page, '700.HK');
  expect(await watch.problems()).toEqual([]);
});

const DEFAULT_QUERY = '?symbol=AAPL.US&interval=1d&adjust=forward&tz=market&tab=chart';
const PARAMETERS = ['symbol', 'type', 'interval', 'adjust', 'tz', 'tab'] as const;

/** A query string giving every parameter `value` (already encoded when `raw`). */
function everyParameter(value: string, raw = false): string {
  return `?${PARAMETERS.map((name) => `${name}=${raw ? value : encodeURIComponent(value)}`).join('&')}`;
}

/**
 * Bad links, opened as a page load or, past the server's 8 KB bound on the request target (it
 * answers 414 there), reached inside the app through history (Back/Forward to such an entry).
 */
const BAD_LINKS: Array<{ name: string; search: string; via: 'load' | 'history' }> = [
  {
    name: 'a 10 KB symbol (history)',
    via: 'history',
    search: `?symbol=${'A'.repeat(10 * 1024)}&type=${'s'.repeat(2_000)}&interval=${'1'.repeat(2_000)}&adjust=${'n'.repeat(2_000)}&tz=${'m'.repeat(2_000)}&tab=${'c'.repeat(2_000)}`,
  },
  {
    name: 'a 6 KB symbol (page load)',
    via: 'load',
    search: `?symbol=${'A'.repeat(6 * 1024)}&type=${'s'.repeat(200)}&interval=${'1'.repeat(200)}&adjust=${'n'.repeat(200)}&tz=${'m'.repeat(200)}&tab=${'c'.repeat(200)}`,
  },
  { name: 'unicode', via: 'load', search: everyParameter('腾讯控股📈é') },
  { name: 'unicode (history)', via: 'history', search: everyParameter('\u202Eevil\u202C 𝔘𝔫𝔦') },
  { name: 'markup', via: 'load', search: everyParameter(`<img src=x onerror="window.${PWNED}=1">`) },
  { name: 'a NUL byte', via: 'load', search: everyParameter('AAPL.US%00', true) },
  { name: 'broken escapes', via: 'load', search: everyParameter('%E0%A4%A', true) },
  { name: 'near misses', via: 'load', search: '?symbol=AAPL%20US&type=STOCK&interval=1D&adjust=None&tz=Market&tab=Chart%20' },
];

test('garbage in any URL parameter falls back to the defaults with a notice naming it', async ({ page }) => {
  test.setTimeout(90_000);
  const watch = await watchPage(page);
  for (const { name, search, via } of BAD_LINKS) {
    await test.step(name, async () => {
      // From a view that is not the default one, so falling back shows.
      await page.goto('/?symbol=700.HK&interval=1h&adjust=forward&tz=utc&tab=trades');
      await expect(page.getByTestId('symbol-header')).toContainText('700.HK');
      if (via === 'load') {
        await page.goto(`/${search}`);
      } else {
        await page.evaluate((target) => {
          window.history.pushState(null, '', `/${target}`);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, search);
      }
      const notices = page.getByRole('list', { name: 'Notices' });
      for (const parameter of PARAMETERS) await expect(notices, `notice for ${parameter}`).toContainText(`${parameter} “`);
      await expect(notices).toContainText('showing defaults instead');
      // The notices quote a bounded piece of what they ignored.
      expect(((await notices.textContent()) ?? '').length).toBeLessThan(1_000);
      await expect.poll(() => new URL(page.url()).search).toBe(DEFAULT_QUERY);
      await expect(page.getByRole('tab', { name: 'Chart' })).toHaveAttribute('aria-selected', 'true');
      await expectWorking(page, 'AAPL.US');
    });
  }
  expect(await watch.problems()).toEqual([]);
});

test('good values next to bad ones are kept', async ({ page }) => {
  await page.goto(`/?symbol=700.HK&interval=${encodeURIComponent('<b>')}&adjust=forward&tz=${'z'.repeat(3000)}&tab=trades`);
  await expect(page.getByRole('list', { name: 'Notices' })).toContainText('interval “<b>”');
  await expect(page).toHaveURL(/\?symbol=700\.HK&interval=1d&adjust=forward&tz=market&tab=trades$/);
  await expect(page.getByTestId('trade-row').first()).toBeVisible({ timeout: 15_000 });
});

const GOOD_LISTS = [
  { id: 'mine', name: 'Kept list', symbols: ['NVDA.US', '700.HK'] },
  { id: 'also', name: 'Also kept', symbols: ['XAUUSD'] },
];

const CORRUPTED_STORES: Array<{ name: string; text: string; keeps: boolean }> = [
  // Nothing readable at all: the defaults, and the page works.
  { name: 'non-JSON text', text: '{"version":1,"state":{"watchlists":[{"id":"mine","name":"Kept list"', keeps: false },
  { name: 'a JSON string', text: JSON.stringify('chartroom'), keeps: false },
  {
    name: 'wrong types',
    text: JSON.stringify({
      version: 'one',
      state: {
        preferences: [1, 2, 3],
        watchlists: [
          GOOD_LISTS[0],
          'a list',
          null,
          42,
          { id: 7, name: ['x'], symbols: 'AAPL.US' },
          { id: 'mixed', name: 'Mixed', symbols: [1, 'AMD.US', null] },
          GOOD_LISTS[1],
          { ...GOOD_LISTS[1], name: 'Duplicate id' },
        ],
        activeWatchlistId: { id: 'mine' },
        symbolTypes: [['BTCUSD', 'forex']],
      },
    }),
    keeps: true,
  },
  {
    name: 'a huge array',
    text: JSON.stringify({
      version: 1,
      state: {
        watchlists: [
          ...Array.from({ length: 20_000 }, (_, index) => (index % 3 === 0 ? index : index % 3 === 1 ? null : { id: `junk-${String(index)}` })),
          GOOD_LISTS[0],
          { id: 'too-long', name: 'Too long', symbols: Array.from({ length: 5_000 }, (_, index) => `S${String(index)}.US`) },
          GOOD_LISTS[1],
        ],
        symbolTypes: Object.fromEntries(Array.from({ length: 5_000 }, (_, index) => [`X${String(index)}`, 'forex'])),
      },
    }),
    keeps: true,
  },
];

test('a corrupted saved store keeps the good watchlists, says so, and is saved back clean', async ({ page }) => {
  const watch = await watchPage(page);
  await page.goto('/');
  for (const { name, text, keeps } of CORRUPTED_STORES) {
    await test.step(name, async () => {
      await page.evaluate((value) => {
        localStorage.setItem('chartroom', value);
      }, text);
      await page.reload();
      await expectWorking(page, 'AAPL.US');
      const lists = page.getByRole('region', { name: 'Watchlists' }).getByRole('tab');
      if (keeps) {
        await expect(page.getByRole('list', { name: 'Notices' })).toContainText('unreadable');
        // A list keeps its good symbols when some are corrupted ("Mixed" in the wrong-types case).
        await expect(lists).toHaveText(name === 'wrong types' ? ['Kept list', 'Mixed', 'Also kept'] : GOOD_LISTS.map((list) => list.name));
        await lists.filter({ hasText: 'Kept list' }).click();
        await expect(page.getByTestId('watchlist-row')).toHaveCount(2);
        await expect(page.getByTestId('watchlist-row').nth(1)).toHaveAttribute('data-symbol', '700.HK');
      } else {
        await expect(lists.first()).toHaveText('US tech');
      }
      // What is saved now is the repaired store: valid, small, the good lists only.
      await expect
        .poll(() =>
          page.evaluate(() => {
            const saved = JSON.parse(localStorage.getItem('chartroom') ?? 'null') as { state?: { watchlists?: Array<{ name: string }> } } | null;
            return saved?.state?.watchlists?.map((list) => list.name) ?? [];
          }),
        )
        .toEqual(
          !keeps
            ? ['US tech', 'Hong Kong', 'A-shares', 'FX, metals, crypto']
            : name === 'wrong types'
              ? ['Kept list', 'Mixed', 'Also kept']
              : GOOD_LISTS.map((list) => list.name),
        );
    });
  }
  expect(await watch.problems()).toEqual([]);
});
