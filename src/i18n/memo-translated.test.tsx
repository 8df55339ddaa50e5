// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../store/app-store';
import { loadLanguage } from './load-language';
import { memoTranslated } from './memo-translated';
import { t } from './t';
import { activate } from './translate';

const initial = useAppStore.getState();

afterEach(() => {
  cleanup();
  activate('en');
  useAppStore.setState(initial, true);
});

describe('memoTranslated', () => {
  it('renders again on a language switch with the same props, and not on a parent’s render', async () => {
    let renders = 0;
    const Button = memoTranslated(function Button({ id }: { id: string }) {
      renders += 1;
      return <button id={id}>{t('Export')}</button>;
    });
    const { rerender } = render(<Button id="a" />);
    rerender(<Button id="a" />);
    expect(renders).toBe(1);
    await loadLanguage('zh-HK');
    act(() => {
      useAppStore.getState().setLanguage('zh-HK');
    });
    expect(screen.getByRole('button').textContent).toBe(t('Export'));
    expect(screen.getByRole('button').textContent).not.toBe('Export');
    expect(renders).toBe(2);
  });
});
