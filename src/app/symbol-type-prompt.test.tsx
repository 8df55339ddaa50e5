// @vitest-environment happy-dom
// A link to an ambiguous symbol, on the real simulator (BTCUSD is both crypto and forex).
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { simFetch, startSimulator, type SimHandle } from '../api/sim-fetch.test-support';
import { testServices, wrapperFor } from '../queries/query-test-support';
import { useAppStore } from '../store/app-store';
import { Notices } from './notices';
import { SymbolHeader } from './symbol-header';

vi.mock('../realtime/hooks', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../realtime/hooks')>()),
  useLiveTicker: () => ({ ticker: undefined, state: 'down' }),
}));

let sim: SimHandle;
const initial = useAppStore.getState();

beforeAll(() => {
  sim = startSimulator('2026-11-25T15:00:00Z');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAppStore.setState(initial, true);
});

function show(symbol: string) {
  useAppStore.getState().replaceWorkspace({ ...useAppStore.getState().workspace, symbol });
  const Wrapper = wrapperFor(testServices({ fetch: simFetch(sim).fetch }));
  return render(createElement(Wrapper, null, createElement(SymbolHeader), createElement(Notices)));
}

describe('SymbolTypePrompt', () => {
  it('asks which type an ambiguous symbol is, opens it with the answer and remembers it', async () => {
    show('BTCUSD');
    const prompt = await screen.findByTestId('symbol-type-prompt', undefined, { timeout: 5_000 });
    expect(prompt.textContent).toContain('BTCUSD is listed under several types');
    // The buttons' code loads with the question.
    await screen.findByRole('button', { name: 'forex' }, { timeout: 5_000 });
    expect([...prompt.querySelectorAll('button')].map((button) => button.textContent)).toEqual(['crypto', 'forex']);
    // The header waits for the answer too, without calling it a failure.
    expect(screen.getByTestId('symbol-header').textContent).toContain('Which type?');
    expect(screen.getByTestId('symbol-header').textContent).not.toContain('No quote');
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'forex' }));
    });
    expect(useAppStore.getState().workspace).toMatchObject({ symbol: 'BTCUSD', type: 'forex' });
    expect(useAppStore.getState().symbolTypes.BTCUSD).toBe('forex');
    expect(screen.queryByTestId('symbol-type-prompt')).toBeNull();
  });

  it('asks nothing of a symbol with one type', async () => {
    show('BTCUSDT');
    // The ticker answers (no question); give it the time an ambiguous answer took above.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.queryByTestId('symbol-type-prompt')).toBeNull();
  });
});
