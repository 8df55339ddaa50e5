// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Candle } from '#shared/candle.ts';
import type { ChartExportRequest } from './export-button';
import { ExportMenu } from './export-menu';

const DAY = Date.UTC(2026, 10, 24, 5);
const CANDLES: Candle[] = [
  { time: DAY, open: 187.5, high: 189, low: 186, close: 188.25, volume: 100 },
  { time: DAY + 86_400_000, open: 188.25, high: 190, low: 187.75, close: 189.5, volume: 120 },
];

function request(candles: readonly Candle[] = CANDLES): () => ChartExportRequest {
  return () => ({
    description: { symbol: 'AAPL.US', interval: '1d', adjust: 'forward', timeZone: 'America/New_York', exportedAt: Date.UTC(2026, 10, 26, 20, 31) },
    candles,
    theme: 'dark',
    colors: 'green-up',
  });
}

/** What the download link received: its file name and the blob behind its URL. */
let saved: { name: string; blob: Blob | undefined }[] = [];
beforeEach(() => {
  saved = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${String(blobs.size)}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href) });
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderMenu(candles?: readonly Candle[]) {
  const anchor = document.createElement('button');
  document.body.append(anchor);
  const onClose = vi.fn();
  render(<ExportMenu anchor={anchor} request={request(candles)} onClose={onClose} />);
  return { onClose };
}

describe('ExportMenu', () => {
  it('starts on its first item; arrows move, wrapping; Escape closes back to the button', () => {
    const { onClose } = renderMenu();
    const [png, copy, csv] = screen.getAllByRole('menuitem');
    expect(document.activeElement).toBe(png);
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(copy);
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(csv);
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(png);
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(document.activeElement).toBe(csv);
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('saves the candles as CSV under the series’ name, then closes', async () => {
    const { onClose } = renderMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Candles (CSV)' }));
    expect(saved.map((file) => file.name)).toEqual(['AAPL.US_1d_forward_2026-11-26T2031.csv']);
    const text = await saved[0]?.blob?.text();
    expect(text?.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      '# AAPL.US 1d adjust=forward zone=America/New_York exported 2026-11-26T20:31:00Z',
      'time (America/New_York),time_ms,open,high,low,close,volume',
      `2026-11-24 00:00:00,${String(DAY)},187.50,189.00,186.00,188.25,100`,
      `2026-11-25 00:00:00,${String(DAY + 86_400_000)},188.25,190.00,187.75,189.50,120`,
      '',
    ]);
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('offers no CSV without candles', () => {
    renderMenu([]);
    expect(screen.getByRole<HTMLButtonElement>('menuitem', { name: 'Candles (CSV)' }).disabled).toBe(true);
  });

  it('says why the image failed when there is no chart, and stays open', async () => {
    const { onClose } = renderMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Image (PNG)' }));
    await waitFor(() => {
      expect(screen.getByRole('alert').textContent).toBe('Export failed: The chart is not drawn yet.');
    });
    expect(onClose).not.toHaveBeenCalled();
    expect(saved).toEqual([]);
  });

  it('closes on a click elsewhere, not on one inside', () => {
    const { onClose } = renderMenu();
    fireEvent.pointerDown(screen.getByRole('menu'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.pointerDown(document.body);
    expect(onClose).toHaveBeenCalledWith(false);
  });
});
