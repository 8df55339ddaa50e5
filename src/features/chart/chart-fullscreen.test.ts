// @vitest-environment happy-dom
import { buttonInModal } from '../../lib/key-press.test-support';
import { afterEach, describe, expect, it } from 'vitest';
import { isFullscreenKey, toggleChartFullscreen } from './chart-fullscreen';

const key = (k: string, extra: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean; target: EventTarget | null }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  target: null,
  ...extra,
});

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the chart full screen', () => {
  it('is Shift+F outside a text field: a bare f is a ticker being typed', () => {
    expect(isFullscreenKey(key('F', { shiftKey: true }))).toBe(true);
    expect(isFullscreenKey(key('f'))).toBe(false);
    expect(isFullscreenKey(key('F', { shiftKey: true, ctrlKey: true }))).toBe(false);
    expect(isFullscreenKey(key('F', { shiftKey: true, target: document.createElement('input') }))).toBe(false);
  });

  it('fills the page where the browser refuses full screen, and Esc or a second press leaves it', async () => {
    document.body.innerHTML = '<div class="chart-panel" data-main></div>';
    const panel = document.querySelector('.chart-panel');
    if (!panel) throw new Error('no panel');
    panel.requestFullscreen = () => Promise.reject(new TypeError('refused'));
    toggleChartFullscreen();
    await expect.poll(() => panel.hasAttribute('data-maximised')).toBe(true);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(panel.hasAttribute('data-maximised')).toBe(false);
    toggleChartFullscreen();
    await expect.poll(() => panel.hasAttribute('data-maximised')).toBe(true);
    toggleChartFullscreen();
    expect(panel.hasAttribute('data-maximised')).toBe(false);
  });
});

describe('isFullscreenKey in a modal dialog', () => {
  it('is not Shift+F pressed in a dialog', () => {
    const button = buttonInModal();
    expect(isFullscreenKey(key('F', { shiftKey: true, target: button }))).toBe(false);
    expect(isFullscreenKey(key('F', { shiftKey: true, target: document.body }))).toBe(true);
  });
});
