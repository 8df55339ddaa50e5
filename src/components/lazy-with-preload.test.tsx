// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyWithPreload } from './lazy-with-preload';
import { PanelBoundary } from './ui/panel-boundary';

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

  it('a component whose download failed while shown comes back with the panel’s Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn().mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module')).mockResolvedValue(Greeting);
    const { Component } = lazyWithPreload<{ name: string }>(load);
    render(
      <PanelBoundary name="greeting">
        <Suspense fallback={<p>Loading…</p>}>
          <Component name="back" />
        </Suspense>
      </PanelBoundary>,
    );
    // React renders once more after an error before the boundary takes it: the new lazy
    // component may load then; else the panel's Retry brings it back.
    const first = await Promise.race([screen.findByText('Hello back'), screen.findByRole('button', { name: 'Retry' })]);
    if (first.tagName === 'BUTTON') fireEvent.click(first);
    expect(await screen.findByText('Hello back')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a component whose download failed says so in its place, and what is around it stays (a popup never blanks its panel)', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module')).mockResolvedValue(Greeting);
    const { Component } = lazyWithPreload<{ name: string }>(load);
    render(
      <PanelBoundary name="chart">
        <p>The chart</p>
        <Suspense fallback={null}>
          <Component name="picker" />
        </Suspense>
      </PanelBoundary>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('This part of the app did not download.');
    expect(screen.getByText('The chart')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Hello picker')).toBeTruthy();
    expect(screen.getByText('The chart')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a component shown failed comes back on the next intent too (pointing at its opener again), not only with Retry', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module')).mockResolvedValue(Greeting);
    const { Component, preload } = lazyWithPreload<{ name: string }>(load);
    render(
      <Suspense fallback={null}>
        <Component name="again" />
      </Suspense>,
    );
    await screen.findByRole('alert');
    act(() => {
      preload();
    });
    expect(await screen.findByText('Hello again')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a Retry renders again only the components whose download failed, not every component loaded on demand', async () => {
    const renders = vi.fn();
    function Counted({ name }: { name: string }) {
      renders(name);
      return <p>Fine {name}</p>;
    }
    const fine = lazyWithPreload<{ name: string }>(() => Promise.resolve(Counted));
    const failing = lazyWithPreload<{ name: string }>(vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Greeting));
    render(
      <Suspense fallback={null}>
        <fine.Component name="quotes" />
        <failing.Component name="picker" />
      </Suspense>,
    );
    await screen.findByText('Fine quotes');
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Hello picker')).toBeTruthy();
    expect(renders).toHaveBeenCalledOnce();
  });
});
