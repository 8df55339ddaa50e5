/**
 * A pointer resting on something that opens a symbol (a watchlist row) starts that symbol's
 * screen requests, so the chart often has its candles by the time of the click. Resting, not
 * passing: the pointer must stay this long, so sweeping across a list asks for nothing, and the
 * server's K-line cache answers a second look at the same window.
 */
import { useEffect, useMemo, useRef } from 'react';
import type { ProductType } from '#shared/contract.ts';
import { useAppStore } from '../store/app-store';
import { withSymbolOpened } from '../store/workspace-slice';
import { useAppServices } from './app-services-context';
import { prefetchWorkspace } from './prefetch-workspace';

export const OPEN_INTENT_DWELL_MS = 120;

export interface OpenIntentHandlers {
  onPointerEnter: () => void;
  onPointerLeave: () => void;
}

export function useOpenIntent(symbol: string, type?: ProductType): OpenIntentHandlers {
  const services = useAppServices();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
    },
    [],
  );
  return useMemo(
    () => ({
      onPointerEnter: () => {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          const state = useAppStore.getState();
          if (state.workspace.symbol !== symbol) prefetchWorkspace(services, withSymbolOpened(state, symbol, type));
        }, OPEN_INTENT_DWELL_MS);
      },
      onPointerLeave: () => {
        clearTimeout(timer.current);
      },
    }),
    [services, symbol, type],
  );
}
