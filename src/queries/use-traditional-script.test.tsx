// @vitest-environment happy-dom
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Language } from '../i18n/locales';
import { useTraditionalScript } from './use-traditional-script';

afterEach(cleanup);

function converterIn(language: Language) {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { client, hook: renderHook(() => useTraditionalScript(language), { wrapper }) };
}

describe('useTraditionalScript', () => {
  it('converts in zh-TW and zh-HK, each with its region’s forms, once the converter is in', async () => {
    const tw = converterIn('zh-TW').hook;
    expect(tw.result.current).toBeUndefined();
    await waitFor(() => {
      expect(tw.result.current?.('东方财富')).toBe('東方財富');
    });
    expect(tw.result.current?.('台湾')).toBe('臺灣');
    const hk = converterIn('zh-HK').hook;
    await waitFor(() => {
      expect(hk.result.current?.('台湾')).toBe('台灣');
    });
  });

  it('loads offline too (the service worker has the chunk): a query held while offline would hold the names back', async () => {
    onlineManager.setOnline(false);
    try {
      const { hook } = converterIn('zh-TW');
      await waitFor(() => {
        expect(hook.result.current?.('东方财富')).toBe('東方財富');
      });
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('neither converts nor downloads anything in English or Simplified Chinese', async () => {
    for (const language of ['en', 'zh-CN', 'pseudo'] as const) {
      const { client, hook } = converterIn(language);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(hook.result.current).toBeUndefined();
      expect(client.getQueryCache().find({ queryKey: ['chinese-script', 'traditional'] })?.state.fetchStatus ?? 'idle').toBe('idle');
      expect(client.getQueryCache().find({ queryKey: ['chinese-script', 'traditional'] })?.state.data).toBeUndefined();
    }
  });
});
