/**
 * While the search is open, focus can leave its field for something that takes no typing (a click
 * on the dialog's padding focuses the dialog, or a filter button): a character or Backspace typed
 * then goes back into the field, as a palette does, instead of being lost, or taken by the page's
 * shortcuts (a digit would change the chart's interval). The field is focused in the key's capture
 * on the window, so the browser types the key into it; Space on a button stays the button's.
 */
import { useEffect, type RefObject } from 'react';
import { isTypingTarget } from '../../lib/key-press';

export function useKeysReturnToField(field: RefObject<HTMLInputElement | null>): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const input = field.current;
      if (!input || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
      if (event.key.length !== 1 && event.key !== 'Backspace') return;
      const active = document.activeElement;
      if (active === input || isTypingTarget(active)) return;
      if (event.key === ' ' && active instanceof HTMLElement && active.closest('button, a[href], [role="option"]')) return;
      input.focus();
      // The page's shortcut handler (on the window, bubbling) must not act on it too.
      event.stopPropagation();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
    };
  }, [field]);
}
