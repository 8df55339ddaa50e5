// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { foldLine, ToolbarRow } from './toolbar-row';

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
});
