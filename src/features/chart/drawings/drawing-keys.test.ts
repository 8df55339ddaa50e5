// @vitest-environment happy-dom
import { buttonInModal } from '../../../lib/key-press.test-support';
import { describe, expect, it } from 'vitest';
import { drawingKeyAction } from './drawing-keys';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}, target: EventTarget | null = null) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  target,
  ...mods,
});

describe('drawingKeyAction', () => {
  it('maps Esc, Delete, undo and redo on both platforms', () => {
    expect(drawingKeyAction(key('Escape'))).toBe('cancel');
    expect(drawingKeyAction(key('Delete'))).toBe('delete');
    expect(drawingKeyAction(key('Backspace'))).toBe('delete');
    expect(drawingKeyAction(key('z', { ctrlKey: true }))).toBe('undo');
    expect(drawingKeyAction(key('z', { metaKey: true }))).toBe('undo');
    expect(drawingKeyAction(key('Z', { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(drawingKeyAction(key('y', { ctrlKey: true }))).toBe('redo');
  });
  it('leaves the app’s shortcuts and plain letters alone', () => {
    expect(drawingKeyAction(key('7'))).toBeUndefined();
    expect(drawingKeyAction(key('k', { ctrlKey: true }))).toBeUndefined();
    expect(drawingKeyAction(key('z'))).toBeUndefined();
    expect(drawingKeyAction(key('1', { altKey: true }))).toBeUndefined();
  });
  it('leaves a key another part of the page handled (a watchlist row’s Delete)', () => {
    expect(drawingKeyAction({ ...key('Delete'), defaultPrevented: true })).toBeUndefined();
  });

  it('does nothing while the user types in a field', () => {
    const input = document.createElement('input');
    expect(drawingKeyAction(key('Backspace', {}, input))).toBeUndefined();
    expect(drawingKeyAction(key('z', { ctrlKey: true }, input))).toBeUndefined();
  });
});

describe('in a modal dialog', () => {
  it('takes none of its keys: a Delete on its button keeps the chart’s drawing', () => {
    const button = buttonInModal();
    expect(drawingKeyAction(key('Delete', {}, button))).toBeUndefined();
    expect(drawingKeyAction(key('Backspace', {}, button))).toBeUndefined();
    expect(drawingKeyAction(key('z', { ctrlKey: true }, button))).toBeUndefined();
    expect(drawingKeyAction(key('Delete', {}, document.body))).toBe('delete');
  });
});
