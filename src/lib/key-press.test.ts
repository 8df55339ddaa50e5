// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { isInModal, isTypingTarget, keysAreNotThePages } from './key-press';
import { buttonInModal } from './key-press.test-support';

describe('isTypingTarget', () => {
  it('is true in fields, selects and editable content, false elsewhere', () => {
    const editable = document.createElement('div');
    editable.contentEditable = 'true';
    expect(['input', 'textarea', 'select'].map((tag) => isTypingTarget(document.createElement(tag)))).toEqual([true, true, true]);
    expect(isTypingTarget(editable)).toBe(true);
    expect(isTypingTarget(document.createElement('button'))).toBe(false);
    // A toggle group's radio or a checkbox takes no typing: the page's keys still work there.
    for (const type of ['radio', 'checkbox', 'range']) {
      const input = document.createElement('input');
      input.type = type;
      expect(isTypingTarget(input)).toBe(false);
    }
    for (const type of ['search', 'number', 'date']) {
      const input = document.createElement('input');
      input.type = type;
      expect(isTypingTarget(input)).toBe(true);
    }
    expect(isTypingTarget(null)).toBe(false);
    expect(isTypingTarget(window)).toBe(false);
  });
});

/** A button inside a modal dialog, and one on the page. */
function buttons(): { inModal: HTMLButtonElement; onPage: HTMLButtonElement } {
  return { inModal: buttonInModal(), onPage: document.body.appendChild(document.createElement('button')) };
}

describe('isInModal and keysAreNotThePages', () => {
  it('are true for focus inside a modal dialog, keysAreNotThePages in a field too; false on the page', () => {
    const { inModal, onPage } = buttons();
    expect([isInModal(inModal), isInModal(onPage), isInModal(null)]).toEqual([true, false, false]);
    expect(keysAreNotThePages(inModal)).toBe(true);
    expect(keysAreNotThePages(document.createElement('input'))).toBe(true);
    expect(keysAreNotThePages(onPage)).toBe(false);
  });
});
