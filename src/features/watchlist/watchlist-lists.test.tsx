// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../store/app-store';
import { WatchlistPanel } from './watchlist-panel';
import { serveTickers, settleBatches } from './watchlist-test-server';
import { TestServices } from '../../queries/query-test-support';

const initial = useAppStore.getState();

function show() {
  useAppStore.setState({
    watchlists: [
      { id: 'us', name: 'US tech', symbols: ['AAPL.US', 'MSFT.US'] },
      { id: 'hk', name: 'Hong Kong', symbols: ['700.HK'] },
    ],
    activeWatchlistId: 'us',
  });
  serveTickers(new Map());
  render(
    <TestServices client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <WatchlistPanel />
    </TestServices>,
  );
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const names = () => useAppStore.getState().watchlists.map((list) => list.name);
const selectedTab = () => screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true')?.textContent;

beforeEach(() => {
  localStorage.clear();
  useAppStore.setState(initial, true);
  show();
});

afterEach(async () => {
  cleanup();
  await settleBatches();
  vi.unstubAllGlobals();
});

describe('watchlist tabs', () => {
  it('selects lists by click and by arrow keys, showing that list’s rows', () => {
    expect(screen.getByRole('tablist', { name: 'Watchlists' })).toBeTruthy();
    expect(selectedTab()).toBe('US tech');
    fireEvent.click(screen.getByRole('tab', { name: 'Hong Kong' }));
    expect(useAppStore.getState().activeWatchlistId).toBe('hk');
    expect(screen.getAllByTestId('watchlist-row').map((row) => row.dataset.symbol)).toEqual(['700.HK']);
    expect(screen.getByRole('tabpanel', { name: 'Hong Kong' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Hong Kong' }), { key: 'ArrowRight' });
    expect(selectedTab()).toBe('US tech');
    expect(document.activeElement?.textContent).toBe('US tech');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'US tech' }), { key: 'End' });
    expect(selectedTab()).toBe('Hong Kong');
  });

  // The rename field and the delete confirmation load on demand (a chunk of their own).
  it('creates a list and names it inline; Escape cancels a rename', async () => {
    fireEvent.click(screen.getByRole('button', { name: '+ New list' }));
    const field = await screen.findByRole<HTMLInputElement>('textbox', { name: 'List name' });
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: 'Banks' } });
    fireEvent.submit(field);
    expect(names()).toEqual(['US tech', 'Hong Kong', 'Banks']);
    expect(selectedTab()).toBe('Banks');
    expect(screen.getByText(/No symbols yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Rename Banks' }));
    const again = await screen.findByRole('textbox', { name: 'List name' });
    fireEvent.change(again, { target: { value: 'Nope' } });
    fireEvent.keyDown(again, { key: 'Escape' });
    expect(names()).toEqual(['US tech', 'Hong Kong', 'Banks']);
    expect(screen.queryByRole('textbox', { name: 'List name' })).toBeNull();
  });

  it('deletes a list only after confirmation', async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Delete US tech' }));
    expect(await screen.findByRole('group', { name: 'Delete “US tech” and its 2 symbols?' })).toBeTruthy();
    await waitFor(() => {
      expect(document.activeElement?.textContent).toBe('Cancel');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(names()).toEqual(['US tech', 'Hong Kong']);
    fireEvent.click(screen.getByRole('button', { name: 'Delete US tech' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete list' }));
    expect(names()).toEqual(['Hong Kong']);
    expect(selectedTab()).toBe('Hong Kong');
  });

  it('moves the active list left and right', () => {
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Move US tech left' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move US tech right' }));
    expect(tabNames()).toEqual(['Hong Kong', 'US tech']);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Move US tech right' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move US tech left' }));
    expect(tabNames()).toEqual(['US tech', 'Hong Kong']);
  });

  it('offers to create a list when none is left', async () => {
    act(() => {
      useAppStore.setState({ watchlists: [], activeWatchlistId: '' });
    });
    expect(screen.getByText(/No watchlists/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '+ New list' }));
    expect(await screen.findByRole('textbox', { name: 'List name' })).toBeTruthy();
    expect(names()).toEqual(['List 1']);
  });
  it('refuses a name another list has, ignoring case, and says so; the field stays open', async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Rename US tech' }));
    const field = await screen.findByRole<HTMLInputElement>('textbox', { name: 'List name' });
    fireEvent.change(field, { target: { value: ' hong KONG ' } });
    fireEvent.submit(field);
    expect(screen.getByRole('alert').textContent).toContain('A list named “hong KONG” already exists');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(names()).toEqual(['US tech', 'Hong Kong']);
    fireEvent.change(field, { target: { value: 'Tech' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.submit(field);
    expect(names()).toEqual(['Tech', 'Hong Kong']);
  });

  it('returns focus to the button that opened the confirmation or the name field when it closes', async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Delete US tech' }));
    const cancel = await screen.findByRole('button', { name: 'Cancel' });
    await waitFor(() => {
      expect(document.activeElement).toBe(cancel);
    });
    fireEvent.keyDown(cancel, { key: 'Escape' });
    await waitFor(() => {
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete US tech' }));
    });

    fireEvent.click(screen.getByRole('button', { name: 'Rename US tech' }));
    const field = await screen.findByRole('textbox', { name: 'List name' });
    fireEvent.keyDown(field, { key: 'Escape' });
    await waitFor(() => {
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename US tech' }));
    });
  });

  it('is one Tab stop for the list actions, arrow keys moving between them', () => {
    const toolbar = screen.getByRole('toolbar', { name: 'List actions' });
    const tabbable = () => [...toolbar.querySelectorAll('button')].filter((button) => button.tabIndex === 0).map((button) => button.textContent);
    expect(tabbable()).toEqual(['+ New list']);
    const newList = screen.getByRole('button', { name: '+ New list' });
    newList.focus();
    fireEvent.keyDown(newList, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename US tech' }));
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Import symbols into US tech' }));
    expect(tabbable()).toEqual(['Import…']);
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Columns' }));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Export CSV: US tech' }));
    expect(tabbable()).toEqual(['Export CSV']);
    // "Move left" is disabled for the first list: ← from the export reaches "Move right".
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move US tech right' }));
    expect(tabbable()).toEqual(['→']);
  });
});
