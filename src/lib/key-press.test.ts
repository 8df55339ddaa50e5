// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { isTypingTarget } from './key-press';

describe('isTypingTarget', () => {
  it('is true in fields, selects and editable content, false elsewhere', () => {
    const editable = document.createElement('div');
    editable.contentEditable = 'true';
    expect(['input', 'textarea', 'select'].map((tag) => isTypingTarget(document.createElement(tag)))).toEqual([true, true, true]);
    expect(isTypingTarget(editable)).toBe(true);
    expect(isTypingTarget(document.createElement('button'))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
    expect(isTypingTarget(window)).toBe(false);
  });
});
