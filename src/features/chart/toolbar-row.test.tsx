// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { foldLine, ToolbarRow } from './toolbar-row';
import { withReactScheduling } from '../../components/react-scheduling.test-support';
import { stubResizeObserver } from '../../components/resize-observer.test-support';

describe('foldLine', () => {
  // Two 26 px rows 6 px apart in a 58 px box; the interval buttons (24 px) wrap in two lines of their own.
  it('cuts below the lowest control that fits whole, so no sliver of the next row shows', () => {
    const controls = [
      { offsetTop: 0, offsetHeight: 50 }, // intervals, wrapped in two lines
      { offsetTop: 56, offsetHeight: 26 }, // the next control: 2 px of it inside the box
      { offsetTop: 88, offsetHeight: 26 },
    ];
    expect(foldLine(controls, 58)).toEqual({ cut: 50, overflows: true });
  });

  it('keeps the whole box when everything fits', () => {
    expect(
      foldLine(
        [
          { offsetTop: 0, offsetHeight: 26 },
          { offsetTop: 32, offsetHeight: 26 },
        ],
        58,
      ),
    ).toEqual({ cut: 58, overflows: false });
  });
});

describe('ToolbarRow', () => {
  it('shows its controls and no More button when nothing is cut off', () => {
    render(
      <ToolbarRow>
        <button type="button">1m</button>
      </ToolbarRow>,
    );
    expect(screen.getByRole('button', { name: '1m' })).toBeTruthy();
    // happy-dom lays nothing out: every control fits.
    expect(screen.queryByRole('button', { name: /More/ })).toBeNull();
    fireEvent.focus(screen.getByRole('button', { name: '1m' }));
    expect(screen.getByTestId('chart-toolbar').className).toContain('overflow-hidden');
  });

  describe('when the controls are laid out again', () => {
    beforeEach(cleanup);
    afterEach(() => {
      cleanup();
      vi.unstubAllGlobals();
    });

    /** A stand-in for the rest of the page: counts its renders; `bump` leaves an update pending. */
    let renders = 0;
    let bump = (): void => undefined;
    function RestOfPage() {
      const [count, setCount] = useState(0);
      bump = () => {
        setCount(count + 1);
      };
      renders += 1;
      return <output>{count}</output>;
    }

    it('draws the new fold at once, and renders nothing else of the page in that frame', async () => {
      const resizes = stubResizeObserver();
      render(
        <>
          <ToolbarRow>
            <button type="button">1m</button>
            <button type="button">Indicators</button>
          </ToolbarRow>
          <RestOfPage />
        </>,
      );
      // Laid out in a 58 px box: the second control sits on a third row, below the fold.
      const layout = (element: HTMLElement, values: Record<string, number>) => {
        for (const [name, value] of Object.entries(values)) Object.defineProperty(element, name, { configurable: true, value });
      };
      const folded = screen.getByTestId('chart-toolbar');
      layout(folded.parentElement as HTMLElement, { clientHeight: 58 });
      layout(screen.getByRole('button', { name: '1m' }), { offsetTop: 0, offsetHeight: 26 });
      layout(screen.getByRole('button', { name: 'Indicators' }), { offsetTop: 64, offsetHeight: 26 });
      expect(screen.queryByRole('button', { name: /More/ })).toBeNull();

      const before = renders;
      // An update pending elsewhere, as the app's effects leave them after its first commit.
      await withReactScheduling(async () => {
        bump();
        resizes.fire();
        // The fold, in this very frame: cut below the first row, More shown.
        expect(folded.style.height).toBe('26px');
        expect(screen.getByRole('button', { name: /More/ })).toBeTruthy();
        // The rest of the page renders in its own time, not inside the frame.
        expect(renders).toBe(before);
        await waitFor(() => {
          expect(renders).toBe(before + 1);
        });
      });
      // React's own render agrees with what was drawn.
      await act(() => Promise.resolve());
      expect(folded.style.height).toBe('26px');
      expect(screen.getByRole('button', { name: /More/ }).hidden).toBe(false);
      // Laid out the same again: nothing to do.
      const settled = renders;
      resizes.fire();
      await act(() => Promise.resolve());
      expect(renders).toBe(settled);
    });
  });
});
