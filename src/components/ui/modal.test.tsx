// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

function openFrom(content: ReturnType<typeof createElement> | string) {
  const opener = document.createElement('button');
  document.body.append(opener);
  opener.focus();
  const onClose = vi.fn();
  const view = render(createElement(Modal, { label: 'Your data', onClose, children: content }));
  return { opener, onClose, view };
}

describe('Modal', () => {
  it('takes focus itself when its content takes none, so Escape closes it at once', () => {
    const { onClose } = openFrom('Kept in this browser only.');
    const dialog = screen.getByRole('dialog', { name: 'Your data' });
    expect(document.activeElement).toBe(dialog);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('leaves focus on a field that takes it as it opens', () => {
    openFrom(createElement('input', { autoFocus: true, 'aria-label': 'Price' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Price' }));
  });

  it('gives focus back to the button that opened it as it closes', () => {
    const { opener, view } = openFrom('Kept in this browser only.');
    expect(document.activeElement).not.toBe(opener);
    view.unmount();
    expect(document.activeElement).toBe(opener);
  });

  it('keeps the keys when the focused button goes away (a shared list added: the button gives way to what it did)', async () => {
    function Content() {
      const [done, setDone] = useState(false);
      return done
        ? createElement('p', null, 'Added to your watchlists.')
        : createElement(
            'button',
            {
              onClick: () => {
                setDone(true);
              },
            },
            'Add to my watchlists',
          );
    }
    const { onClose } = openFrom(createElement(Content));
    const add = screen.getByRole('button', { name: 'Add to my watchlists' });
    add.focus();
    fireEvent.click(add);
    await screen.findByText('Added to your watchlists.');
    const dialog = screen.getByRole('dialog', { name: 'Your data' });
    // Chromium moves focus to the body as the button leaves, with a focusout (no related target)
    // that reaches the dialog; happy-dom moves the focus only.
    expect(document.activeElement).toBe(document.body);
    dialog.dispatchEvent(new FocusEvent('focusout', { relatedTarget: null }));
    await Promise.resolve();
    expect(document.activeElement).toBe(dialog);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
