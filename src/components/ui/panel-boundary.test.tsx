// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Panel } from './panel';
import { TestServices } from '../../queries/query-test-support';
import { loadErrorTexts } from './use-error-text';

// The words for failures, as the app has them once the panels beside the chart are in.
beforeAll(() => loadErrorTexts());

let shouldFail = true;
function Fragile() {
  if (shouldFail) throw Object.assign(new Error('Data source unavailable'), { code: 5001 });
  return <p>recovered</p>;
}

function Sibling() {
  const [count, setCount] = useState(0);
  return (
    <button
      type="button"
      onClick={() => {
        setCount((c) => c + 1);
      }}
    >
      clicked {count}
    </button>
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  shouldFail = true;
});

describe('a failing panel', () => {
  it('shows its own error while the others keep working, and recovers on retry', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <TestServices client={new QueryClient()}>
        <Panel title="Trades">
          <Fragile />
        </Panel>
        <Panel title="Watchlist">
          <Sibling />
        </Panel>
      </TestServices>,
    );
    expect(screen.getByRole('alert').textContent).toContain('The data source is unavailable right now.');
    fireEvent.click(screen.getByRole('button', { name: /clicked/ }));
    expect(screen.getByRole('button', { name: 'clicked 1' })).toBeTruthy();
    shouldFail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByText('recovered')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Trades' })).toBeTruthy();
  });
});
