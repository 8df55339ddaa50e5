// @vitest-environment happy-dom
import { afterEach, expect, it } from 'vitest';
import { createRoot, type Root } from 'react-dom/client';
import { withReactScheduling } from '../../components/react-scheduling.test-support';
import { FullscreenButton } from './fullscreen-button';

let root: Root | undefined;

afterEach(() => {
  root?.unmount();
  root = undefined;
  document.body.innerHTML = '';
});

it('takes Shift+F from the moment its button is in the page, not from a later task', async () => {
  document.body.innerHTML = '<div class="chart-panel" data-main><div id="toolbar"></div></div>';
  const panel = document.querySelector('.chart-panel');
  const toolbar = document.getElementById('toolbar');
  if (!panel || !toolbar) throw new Error('no panel');
  panel.requestFullscreen = () => Promise.reject(new TypeError('refused'));

  // The key is pressed in the first moment the button shows (a mutation observer's callback runs
  // right after the task that inserted it, before any task React scheduled for later).
  const pressedOnShow = new Promise<void>((resolve) => {
    const observer = new MutationObserver(() => {
      if (!toolbar.querySelector('button')) return;
      observer.disconnect();
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'F', shiftKey: true }));
      resolve();
    });
    observer.observe(toolbar, { childList: true, subtree: true });
  });
  await withReactScheduling(async () => {
    root = createRoot(toolbar);
    root.render(<FullscreenButton />);
    await pressedOnShow;
    await expect.poll(() => panel.hasAttribute('data-maximised')).toBe(true);
  });
});
