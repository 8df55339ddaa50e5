// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activate } from '../i18n/translate';
import { localNames } from '../lib/local-name';
import { traditionalConverter } from '../lib/chinese-script/traditional-converters';
import { useAppStore } from '../store/app-store';
import { LOCAL_NAMES_KEY, useLocalName } from './use-local-name';
import { traditionalScriptQuery } from './traditional-script-query';

const MOUTAI = { symbol: '600519.SH', name: '贵州茅台', nameEn: 'Kweichow Moutai', nameCn: '', nameHk: '' };
const TENCENT = { symbol: '700.HK', name: '腾讯控股', nameEn: 'TENCENT', nameCn: '', nameHk: '騰訊控股' };

let client: QueryClient;

function nameOf(symbol: string, name: string) {
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useLocalName(symbol, name), { wrapper });
}

beforeEach(() => {
  client = new QueryClient();
  // The catalogue's names are in; the converter's download is held back until a test lets it in.
  client.setQueryData(LOCAL_NAMES_KEY, localNames([MOUTAI, TENCENT]));
  client.query({ queryKey: traditionalScriptQuery.queryKey, queryFn: () => new Promise<never>(() => undefined) }).catch(() => undefined);
  activate('zh-TW');
  useAppStore.getState().setLanguage('zh-TW');
});

afterEach(() => {
  cleanup();
  activate('en');
  useAppStore.getState().setLanguage('en');
});

describe('useLocalName in Traditional Chinese', () => {
  it('holds back a Simplified-only name while the converter downloads, then shows it in Traditional', async () => {
    const moutai = nameOf('600519.SH', '贵州茅台');
    expect(moutai.result.current).toBeUndefined();
    act(() => {
      client.setQueryData(traditionalScriptQuery.queryKey, () => traditionalConverter);
    });
    await waitFor(() => {
      expect(moutai.result.current).toBe('貴州茅臺');
    });
  });

  it('shows a name the catalogue has in Traditional at once, without waiting for the converter', () => {
    expect(nameOf('700.HK', '腾讯控股').result.current).toBe('騰訊控股');
  });

  it('shows the Simplified name once the converter has failed (a name rather than none)', async () => {
    client.clear();
    client.setQueryData(LOCAL_NAMES_KEY, localNames([MOUTAI, TENCENT]));
    await client.query({ queryKey: traditionalScriptQuery.queryKey, queryFn: () => Promise.reject(new Error('offline')), retry: false }).catch(() => undefined);
    // The failure stands (no new try as the name mounts).
    client.setQueryDefaults(traditionalScriptQuery.queryKey, { retryOnMount: false });
    expect(nameOf('600519.SH', '贵州茅台').result.current).toBe('贵州茅台');
  });
});
