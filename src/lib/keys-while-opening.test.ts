// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdKeysWhileOpening } from './keys-while-opening';
import { DOWNLOAD_FAILED_EVENT } from './page-events';

/** A key pressed on the page as a keyboard would: true when nothing prevented it. */
function press(key: string, target: EventTarget = document.body): boolean {
  return target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
}

/** The opening dialog shows, its field focused. */
function dialogShows(): HTMLInputElement {
  const dialog = document.createElement('div');
  dialog.setAttribute('role', 'dialog');
  const field = document.createElement('input');
  dialog.append(field);
  document.body.append(dialog);
  field.focus();
  return field;
}

/** The field's microtask, then the Enter's timer. */
async function settled(): Promise<void> {
  for (let i = 0; i < 2; i++)
    await new Promise<void>((resolve) => {
      setTimeout(resolve, 0);
    });
}

afterEach(() => {
  document.body.replaceChildren();
  press('Escape');
});

describe('holdKeysWhileOpening', () => {
  it('types the keys held while the dialog loaded into its field, an Enter after them acting there', async () => {
    holdKeysWhileOpening();
    for (const key of 'rsx') expect(press(key)).toBe(false);
    press('Backspace');
    press('i');
    press('Enter');
    const field = dialogShows();
    const entered = vi.fn<(key: string, value: string) => void>();
    field.addEventListener('keydown', (event) => {
      entered(event.key, field.value);
    });
    await settled();
    expect(field.value).toBe('rsi');
    expect(entered).toHaveBeenCalledWith('Enter', 'rsi');
  });

  it('takes an Enter back when more is typed after it: the field holds other text than it was pressed on', async () => {
    holdKeysWhileOpening();
    for (const key of ['r', 's', 'i', 'Enter', 'm']) press(key);
    const field = dialogShows();
    const entered = vi.fn();
    field.addEventListener('keydown', entered);
    await settled();
    expect(field.value).toBe('rsim');
    expect(entered).not.toHaveBeenCalled();
  });

  it('lets the user go elsewhere before the dialog shows: a field outside it keeps what is typed there, and so after a press outside', () => {
    const other = document.createElement('input');
    document.body.append(other);
    holdKeysWhileOpening();
    expect(press('a')).toBe(false);
    other.focus();
    expect(press('b', other)).toBe(true);

    holdKeysWhileOpening();
    document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    expect(press('c')).toBe(true);
  });

  it('stops holding when the code of the dialog fails to download: the keys of the page work again at once, not after the wait', () => {
    holdKeysWhileOpening();
    expect(press('a')).toBe(false);
    window.dispatchEvent(new Event(DOWNLOAD_FAILED_EVENT));
    expect(press('b')).toBe(true);
  });
});
