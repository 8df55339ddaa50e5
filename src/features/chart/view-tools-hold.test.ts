// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { createViewToolsHold } from './view-tools-hold';

function chartPanel() {
  const panel = document.createElement('div');
  panel.className = 'chart-panel';
  const canvas = document.createElement('canvas');
  panel.append(canvas);
  document.body.append(panel);
  return { panel, canvas };
}

const press = (init: KeyboardEventInit) => {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
  window.dispatchEvent(event);
  return event;
};

afterEach(() => {
  document.body.replaceChildren();
});

describe('the view tools hold', () => {
  it('holds a view key on the active chart, and the date typed after Alt+G, until the tools take them', () => {
    const { panel } = chartPanel();
    const hold = createViewToolsHold();
    const stop = hold.listen(panel, true);
    expect(press({ key: 'g', code: 'KeyG', altKey: true }).defaultPrevented).toBe(true);
    expect(hold.viewKey()).toBe('date');
    for (const key of ['2', '0', 'Backspace', 'Enter']) expect(press({ key }).defaultPrevented).toBe(true);
    // A chord types nothing: the page keeps it.
    expect(press({ key: 'k', ctrlKey: true }).defaultPrevented).toBe(false);
    const taken = hold.takeViewKey();
    expect(taken?.action).toBe('date');
    expect(taken?.typed.map((event) => event.key)).toEqual(['2', '0', 'Backspace', 'Enter']);
    // Taken: the tools listen themselves from now on.
    expect(press({ key: 'End' }).defaultPrevented).toBe(false);
    expect(hold.viewKey()).toBeUndefined();
    stop();
  });

  it('holds no key for a chart that is not the active one, and lets a press elsewhere end the hold', () => {
    const { panel } = chartPanel();
    const hold = createViewToolsHold();
    let stop = hold.listen(panel, false);
    expect(press({ key: 'End' }).defaultPrevented).toBe(false);
    stop();
    stop = hold.listen(panel, true);
    press({ key: 'End' });
    expect(hold.viewKey()).toBe('latest');
    window.dispatchEvent(new Event('pointerdown'));
    expect(hold.takeViewKey()).toBeUndefined();
    stop();
  });

  it('holds a right-click on the chart’s canvas, not one the tools took or one off the canvas', () => {
    const { panel, canvas } = chartPanel();
    const hold = createViewToolsHold();
    const stop = hold.listen(panel, false);
    panel.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX: 5, clientY: 5 }));
    expect(hold.menuAt()).toBeUndefined();
    const click = new MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX: 40, clientY: 30 });
    canvas.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(hold.menuAt()).toEqual({ x: 40, y: 30 });
    hold.forgetMenu();
    expect(hold.menuAt()).toBeUndefined();
    // The tools' own listener took it first.
    canvas.addEventListener('contextmenu', (event) => {
      event.preventDefault();
    });
    canvas.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX: 1, clientY: 1 }));
    expect(hold.menuAt()).toBeUndefined();
    stop();
  });
});
