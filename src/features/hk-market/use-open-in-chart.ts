/** Opens an HK row in the chart tab: the feed's code becomes the chart symbol ('700' → '700.HK'). */
import { useCallback } from 'react';
import { useAppStore } from '../../store/app-store';
import type { HkRow } from './hk-row';

export function useOpenInChart(): (row: HkRow) => void {
  const openSymbol = useAppStore((state) => state.openSymbol);
  const setTab = useAppStore((state) => state.setTab);
  return useCallback(
    (row: HkRow) => {
      openSymbol(row.symbol);
      setTab('chart');
    },
    [openSymbol, setTab],
  );
}
