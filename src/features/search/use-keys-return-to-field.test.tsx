// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useKeysReturnToField } from './use-keys-return-to-field';

function Palette() {
  const field = useRef<HTMLInputElement>(null);
  useKeysReturnToField(field);
  return (
    <div role="dialog" aria-modal="true" tabIndex={-1}>
      <input ref={field} aria-label="search" />
      <button type="button">Stocks</button>
      <input aria-label="other" />
    </div>
  );
}

/** A key pressed on `target`, as the browser dispatches it; whether the page's own handler (on the window, bubbling) saw it. */
function press(target: Element, key: string, modifiers: KeyboardEventInit = {}): boolean {
  const pageHandler = vi.fn();
  window.addEventListener('keydown', pageHandler);
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...modifiers }));
  window.removeEventListener('keydown', pageHandler);
  return pageHandler.mock.calls.length > 0;
}

afterEach(cleanup);

describe('useKeysReturnToField', () => {
  it('brings focus back to the field for a character or Backspace typed on the dialog or the page, and keeps the page’s shortcuts off it', () => {
    render(<Palette />);
    const field = screen.getByLabelText('search');
    const dialog = screen.getByRole('dialog');
    dialog.focus();
    expect(press(dialog, '7')).toBe(false);
    expect(document.activeElement).toBe(field);
    (document.activeElement as HTMLElement).blur();
    expect(press(document.body, 'Backspace')).toBe(false);
    expect(document.activeElement).toBe(field);
  });

  it('leaves keys alone in a field, on a button for Space, with a modifier, and for keys that type nothing', () => {
    render(<Palette />);
    const field = screen.getByLabelText('search');
    const other = screen.getByLabelText('other');
    other.focus();
    expect(press(other, 'a')).toBe(true);
    expect(document.activeElement).toBe(other);
    const button = screen.getByRole('button');
    button.focus();
    expect(press(button, ' ')).toBe(true);
    expect(document.activeElement).toBe(button);
    // A letter on the button is typing, though: it goes to the field.
    expect(press(button, 'h')).toBe(false);
    expect(document.activeElement).toBe(field);
    button.focus();
    expect(press(button, 'k', { ctrlKey: true })).toBe(true);
    expect(press(button, 'ArrowDown')).toBe(true);
    expect(document.activeElement).toBe(button);
  });
});
