// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyWithPreload } from './lazy-with-preload';

afterEach(cleanup);

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('lazyWithPreload', () => {
  it('loads nothing by itself, and a preload and the render share one download', async () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const { Component, preload } = lazyWithPreload(load);
    expect(load).not.toHaveBeenCalled();
    preload();
    preload();
    expect(load).toHaveBeenCalledOnce();
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Component name="trader" />
      </Suspense>,
    );
    expect(await screen.findByText('Hello trader')).toBeTruthy();
    expect(load).toHaveBeenCalledOnce();
  });

  it('tries again after a failed download', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Greeting);
    const { Component, preload } = lazyWithPreload<{ name: string }>(load);
    preload();
    expect(load).toHaveBeenCalledOnce();
    // Let the failure settle.
    await new Promise((resolve) => setTimeout(resolve, 0));
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Component name="again" />
      </Suspense>,
    );
    expect(await screen.findByText('Hello again')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
