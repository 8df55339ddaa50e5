// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PanelTabs } from './panel-tabs';
import { stubResizeObserver } from '../components/resize-observer.test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PanelTabs', () => {
  // The strip learns which ends hide tabs once the browser has laid it out (a phone's first
  // screen): that renders the strip, not the open panel (the whole chart panel, synchronously).
  it('shows the button over a hidden end without rendering the open panel again', () => {
    const layout = stubResizeObserver();
    let panelRenders = 0;
    render(
      <PanelTabs
        render={(tab) => {
          panelRenders += 1;
          return <p>{tab}</p>;
        }}
      />,
    );
    const strip = screen.getByRole('tablist');
    for (const [name, value] of Object.entries({ scrollLeft: 0, clientWidth: 300, scrollWidth: 700 })) {
      Object.defineProperty(strip, name, { configurable: true, writable: true, value });
    }
    const before = panelRenders;
    act(() => {
      layout.fire();
    });
    expect(screen.getByRole('button', { name: 'More tabs' })).toBeTruthy();
    expect(panelRenders).toBe(before);
  });
});
