// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { IndicatorParamField } from './indicator-param-field';

afterEach(cleanup);

/** Types `keys` one by one into the field, as a user does after selecting its text. */
function type(field: HTMLElement, keys: string): void {
  fireEvent.focus(field);
  for (let end = 1; end <= keys.length; end++) fireEvent.change(field, { target: { value: keys.slice(0, end) } });
}

/** The field over a chart that draws what it is given; `drawn` lists every value drawn. */
function Harness({ drawn }: { drawn: number[] }) {
  const [value, setValue] = useState(20);
  return (
    <IndicatorParamField
      label="Period"
      param={{ min: 1, max: 500 }}
      value={value}
      onApply={(next) => {
        drawn.push(next);
        setValue(next);
      }}
    />
  );
}

describe('IndicatorParamField', () => {
  it('a value refused after valid keystrokes keeps the value the edit began with, on the chart and, once left, in the field', () => {
    const drawn: number[] = [];
    render(<Harness drawn={drawn} />);
    const field = screen.getByRole('textbox', { name: 'Period' });
    type(field, '999');
    // 9 and 99 were drawn as typed; 999 is refused and 20 drawn again.
    expect(drawn).toEqual([9, 99, 20]);
    expect(screen.getByRole('alert').textContent).toBe('Period: 999 is more than 500. Values are 1 to 500; kept 20.');
    fireEvent.blur(field);
    expect(field).toHaveProperty('value', '20');
  });

  it('a refused value typed over the first keystroke keeps the value from before it', () => {
    const drawn: number[] = [];
    render(<Harness drawn={drawn} />);
    const field = screen.getByRole('textbox', { name: 'Period' });
    type(field, '2.5');
    expect(drawn).toEqual([2, 20]);
    expect(screen.getByRole('alert').textContent).toContain('kept 20');
  });
});
