// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createCell, createEmitter, useObservable } from './observable';

describe('createEmitter', () => {
  it('calls each listener with the arguments, in subscription order, until it unsubscribes', () => {
    const emitter = createEmitter<[string, number]>();
    const heard: string[] = [];
    const stopFirst = emitter.subscribe((word, n) => heard.push(`first ${word} ${String(n)}`));
    emitter.subscribe((word) => heard.push(`second ${word}`));
    emitter.emit('a', 1);
    stopFirst();
    emitter.emit('b', 2);
    expect(heard).toEqual(['first a 1', 'second a', 'second b']);
    expect(emitter.size).toBe(1);
  });

  it('works unbound and forgets everyone on clear', () => {
    const { subscribe, emit, clear } = createEmitter();
    const listener = vi.fn();
    subscribe(listener);
    clear();
    emit();
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('createCell', () => {
  it('tells its listeners only when the value changes', () => {
    const cell = createCell(1);
    const listener = vi.fn();
    cell.subscribe(listener);
    cell.set(1);
    expect(listener).not.toHaveBeenCalled();
    cell.set(2);
    expect(cell.get()).toBe(2);
    expect(listener).toHaveBeenCalledOnce();
  });
});

describe('useObservable', () => {
  it('renders the current value and again after each change', () => {
    const cell = createCell<'x' | 'y'>('x');
    const { result, unmount } = renderHook(() => useObservable(cell));
    expect(result.current).toBe('x');
    act(() => {
      cell.set('y');
    });
    expect(result.current).toBe('y');
    unmount();
    cell.set('x');
    expect(result.current).toBe('y');
  });
});
