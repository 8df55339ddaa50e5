// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { ErrorNotice } from './error-notice';
import { loadErrorTexts } from './use-error-text';

describe('the words for a failure', () => {
  it('say “Something went wrong.” until they are loaded, then what went wrong', async () => {
    render(<ErrorNotice error={new ApiError({ kind: 'network', path: '/v1/market/ticker', message: 'fetch failed', status: 0 })} />);
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong.');
    await act(() => loadErrorTexts());
    expect(screen.getByRole('alert').textContent).toContain('Cannot reach the Chartroom server.');
  });
});
