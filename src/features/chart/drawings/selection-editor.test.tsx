// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Drawing } from './drawing-model';
import { parseLevels, SelectionEditor } from './selection-editor';

const fib: Drawing = {
  id: 'f',
  kind: 'fib-retracement',
  anchors: [
    { time: 0, price: 1 },
    { time: 1, price: 2 },
  ],
  style: { color: '#2962ff', width: 2, line: 'solid' },
  locked: false,
  levels: [0, 0.5, 1],
};

describe('parseLevels', () => {
  it('reads levels in any separator, sorted and unique', () => {
    expect(parseLevels('1, 0.5; 0 0.5')).toEqual([0, 0.5, 1]);
    expect(parseLevels('1.618,-0.272')).toEqual([-0.272, 1.618]);
  });
  it('refuses nothing, words and levels out of range', () => {
    expect(parseLevels('')).toBeUndefined();
    expect(parseLevels('0, half')).toBeUndefined();
    expect(parseLevels('0, 11')).toBeUndefined();
  });
});

describe('SelectionEditor', () => {
  afterEach(cleanup);

  it('gives a note just placed the keys, its placeholder word selected; a note selected later keeps them where they were', () => {
    const note: Drawing = { ...fib, id: 'n', kind: 'text', text: 'Note', levels: undefined };
    render(<SelectionEditor drawing={note} onChange={() => undefined} onRemove={() => undefined} fresh />);
    const field = screen.getByLabelText<HTMLInputElement>('Note text');
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, 4]);
    cleanup();
    render(<SelectionEditor drawing={note} onChange={() => undefined} onRemove={() => undefined} />);
    expect(document.activeElement).not.toBe(screen.getByLabelText('Note text'));
  });

  it('changes the width, line style and lock of the drawing', () => {
    const onChange = vi.fn();
    render(<SelectionEditor drawing={fib} onChange={onChange} onRemove={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Width'), { target: { value: '4' } });
    expect(onChange).toHaveBeenLastCalledWith({ ...fib, style: { ...fib.style, width: 4 } }, 'width:f');
    fireEvent.change(screen.getByLabelText('Line style'), { target: { value: 'dotted' } });
    expect(onChange).toHaveBeenLastCalledWith({ ...fib, style: { ...fib.style, line: 'dotted' } }, 'line:f');
    fireEvent.click(screen.getByRole('button', { name: 'Lock' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...fib, locked: true });
  });

  it('edits Fibonacci levels, and keeps the drawn ones while the text is not valid', () => {
    const onChange = vi.fn();
    render(<SelectionEditor drawing={fib} onChange={onChange} onRemove={() => undefined} />);
    const field = screen.getByLabelText('Fibonacci levels');
    fireEvent.change(field, { target: { value: '0, 0.618, 1' } });
    expect(onChange).toHaveBeenLastCalledWith({ ...fib, levels: [0, 0.618, 1] }, 'levels:f');
    onChange.mockClear();
    fireEvent.change(field, { target: { value: '0, x' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it('cannot remove a locked drawing', () => {
    const onRemove = vi.fn();
    render(<SelectionEditor drawing={{ ...fib, locked: true }} onChange={() => undefined} onRemove={onRemove} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onRemove).not.toHaveBeenCalled();
  });
});

describe('SelectionEditor: a line turned into an alert', () => {
  afterEach(cleanup);
  const line: Drawing = { ...fib, id: 'h', kind: 'horizontal-line', anchors: [{ time: 0, price: 101.5 }], levels: undefined };

  it('offers Alert only when the layer gives it, and says what became of it', () => {
    const onAlert = vi.fn();
    const { rerender } = render(<SelectionEditor drawing={line} onChange={vi.fn()} onRemove={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Alert' })).toBeNull();
    rerender(<SelectionEditor drawing={line} onChange={vi.fn()} onRemove={vi.fn()} onAlert={onAlert} />);
    fireEvent.click(screen.getByRole('button', { name: 'Alert' }));
    expect(onAlert).toHaveBeenCalledTimes(1);
    rerender(<SelectionEditor drawing={line} onChange={vi.fn()} onRemove={vi.fn()} onAlert={onAlert} alertNote="Alert set at 101.50, either way." />);
    expect(screen.getByRole('status').textContent).toBe('Alert set at 101.50, either way.');
  });
});
