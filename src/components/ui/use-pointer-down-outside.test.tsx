// @vitest-environment happy-dom
import { cleanup, fireEvent, render } from '@testing-library/react';
import { createElement, useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePointerDownOutside } from './use-pointer-down-outside';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

function setUp() {
  const anchor = document.createElement('button');
  const elsewhere = document.createElement('p');
  document.body.append(anchor, elsewhere);
  const onOutside = vi.fn();
  function Popup() {
    const popup = useRef<HTMLDivElement>(null);
    usePointerDownOutside(popup, anchor, onOutside);
    return createElement('div', { ref: popup }, createElement('span', { 'data-testid': 'inside' }));
  }
  const view = render(createElement(Popup));
  return { anchor, elsewhere, onOutside, view };
}

describe('usePointerDownOutside', () => {
  it('calls back for a pointer down elsewhere, not in the popup or on its button', () => {
    const { anchor, elsewhere, onOutside, view } = setUp();
    fireEvent.pointerDown(view.getByTestId('inside'));
    fireEvent.pointerDown(anchor);
    expect(onOutside).not.toHaveBeenCalled();
    fireEvent.pointerDown(elsewhere);
    expect(onOutside).toHaveBeenCalledTimes(1);
  });

  it('stops listening once the popup is gone', () => {
    const { elsewhere, onOutside, view } = setUp();
    view.unmount();
    fireEvent.pointerDown(elsewhere);
    expect(onOutside).not.toHaveBeenCalled();
  });
});
