// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { onTabListKey } from './roving';

const NAMES = ['Chart', 'Trades', 'Info'] as const;

function Tabs() {
  const [selected, setSelected] = useState<string>('Chart');
  return (
    <div role="tablist" aria-label="Panels">
      {NAMES.map((name, index) => (
        <button
          key={name}
          type="button"
          role="tab"
          aria-selected={selected === name}
          tabIndex={selected === name ? 0 : -1}
          onClick={() => {
            setSelected(name);
          }}
          onKeyDown={(event) => {
            onTabListKey(event, index, NAMES, setSelected);
          }}
        >
          {name}
        </button>
      ))}
    </div>
  );
}

afterEach(cleanup);

describe('onTabListKey', () => {
  it('selects and focuses the neighbour, round the ends, and keeps one Tab stop', () => {
    render(<Tabs />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    tab('Chart').focus();
    fireEvent.keyDown(tab('Chart'), { key: 'ArrowRight' });
    expect(tab('Trades').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('Trades'));
    expect(NAMES.filter((name) => tab(name).tabIndex === 0)).toEqual(['Trades']);

    fireEvent.keyDown(tab('Trades'), { key: 'End' });
    expect(document.activeElement).toBe(tab('Info'));
    fireEvent.keyDown(tab('Info'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Chart'));
    fireEvent.keyDown(tab('Chart'), { key: 'ArrowLeft' });
    expect(tab('Info').getAttribute('aria-selected')).toBe('true');
  });

  it('leaves other keys alone', () => {
    render(<Tabs />);
    const chart = screen.getByRole('tab', { name: 'Chart' });
    chart.focus();
    fireEvent.keyDown(chart, { key: 'ArrowDown' });
    fireEvent.keyDown(chart, { key: 'a' });
    expect(chart.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(chart);
  });
});
