import { describe, expect, it } from 'vitest';
import { typeIntoDraft } from './typed-draft';

const key = (name: string, extra: { ctrlKey?: boolean; isComposing?: boolean } = {}) => ({
  key: name,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...extra,
});
const empty = { text: '', enter: false };

describe('typeIntoDraft', () => {
  it('edits the draft as a field would, key by key', () => {
    const typed = ['0', '0', '7', 'x', 'Backspace', '0', '0', 'Enter'].reduce((draft, name) => {
      const next = typeIntoDraft(draft, key(name));
      return typeof next === 'object' ? next : draft;
    }, empty);
    expect(typed).toEqual({ text: '00700', enter: true });
    expect(typeIntoDraft(typed, key('.'))).toEqual({ text: '00700.', enter: false });
  });

  it('says Escape, and takes no chord, composition or key that types nothing', () => {
    expect(typeIntoDraft(empty, key('Escape'))).toBe('escape');
    expect(typeIntoDraft(empty, key('k', { ctrlKey: true }))).toBeUndefined();
    expect(typeIntoDraft(empty, key('n', { isComposing: true }))).toBeUndefined();
    expect(typeIntoDraft(empty, key('ArrowDown'))).toBeUndefined();
  });
});
