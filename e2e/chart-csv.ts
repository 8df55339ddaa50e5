/** The chart's Export menu as a user opens it, and the CSV it downloads read back (shared by journeys). */
import type { Page } from '@playwright/test';
import Papa from 'papaparse';
import { expect } from './fixtures.ts';
import { unfoldToolbar } from './toolbar.ts';

/** A CSV file's records (RFC 4180: quoted fields, doubled quotes, CRLF), its byte order mark dropped. */
export function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  expect(body.endsWith('\r\n'), 'the file ends with CRLF').toBe(true);
  const { data, errors } = Papa.parse<string[]>(body, { newline: '\r\n', skipEmptyLines: true });
  expect(errors).toEqual([]);
  return data;
}

/** The Export menu opened as a user does: the button may wait behind the toolbar's More. */
export async function openExportMenu(page: Page) {
  await unfoldToolbar(page);
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const menu = page.getByRole('menu', { name: 'Export chart' });
  await expect(menu).toBeVisible();
  return menu;
}

export async function chartLoaded(page: Page) {
  await expect(page.getByTestId('main-chart')).toBeVisible();
  await page.waitForFunction(() => performance.getEntriesByName('chartroom:first-candle', 'mark').length > 0, undefined, { timeout: 20_000 });
  await expect(page.getByTestId('header-last-price')).toBeVisible();
}
