/**
 * Opening a symbol from the palette. A product of the list opens with its type. A typed symbol
 * opens with the type the user chose for it before; otherwise the ticker endpoint is asked first:
 * AMBIGUOUS_SYMBOL turns into a question (which type?) whose answer is remembered, an unknown
 * symbol stays in the palette with its error, and anything else opens (the chart shows its own
 * errors).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { isAmbiguousSymbol, isApiError } from '../../api/api-error';
import { ERROR_CODES, PRODUCT_TYPES, type ProductType } from '#shared/contract.ts';
import { useAppServices } from '../../queries/app-services-context';
import { tickerQueryOptions } from '../../queries/use-ticker';
import { useAppStore } from '../../store/app-store';

export type OpenerState =
  | { status: 'idle' }
  | { status: 'checking'; symbol: string }
  | { status: 'choose'; symbol: string; types: ProductType[] }
  /** The service does not know the symbol (2002). */
  | { status: 'failed'; symbol: string };

const IDLE: OpenerState = { status: 'idle' };

function productTypes(values: readonly string[]): ProductType[] {
  return PRODUCT_TYPES.filter((type) => values.includes(type));
}

export function useSymbolOpener(onOpened: () => void) {
  const { queryClient, tickers } = useAppServices();
  const openSymbol = useAppStore((state) => state.openSymbol);
  const [state, setState] = useState<OpenerState>(IDLE);
  /** Bumped by every attempt and on reset/unmount, so a late answer of an old probe is ignored. */
  const attempt = useRef(0);

  useEffect(
    () => () => {
      attempt.current += 1;
    },
    [],
  );

  const finish = useCallback(
    (symbol: string, type?: ProductType) => {
      attempt.current += 1;
      setState(IDLE);
      openSymbol(symbol, type);
      onOpened();
    },
    [openSymbol, onOpened],
  );

  const open = useCallback(
    async (symbol: string, type?: ProductType): Promise<void> => {
      const known = type ?? useAppStore.getState().symbolTypes[symbol];
      if (known) {
        finish(symbol, known);
        return;
      }
      const id = (attempt.current += 1);
      setState({ status: 'checking', symbol });
      try {
        // No retries: a transient failure opens the chart at once, which shows and retries its own.
        await queryClient.query({ ...tickerQueryOptions(tickers, symbol), retry: false });
        if (id === attempt.current) finish(symbol);
      } catch (error) {
        if (id !== attempt.current) return;
        const types = productTypes(isAmbiguousSymbol(error)?.types ?? []);
        const [only] = types;
        if (types.length > 1) setState({ status: 'choose', symbol, types });
        else if (only) finish(symbol, only);
        else if (isApiError(error) && error.code === ERROR_CODES.SYMBOL_NOT_FOUND) setState({ status: 'failed', symbol });
        else finish(symbol);
      }
    },
    [finish, queryClient, tickers],
  );

  const choose = useCallback(
    (symbol: string, type: ProductType) => {
      useAppStore.getState().rememberType(symbol, type);
      finish(symbol, type);
    },
    [finish],
  );

  const reset = useCallback(() => {
    attempt.current += 1;
    setState(IDLE);
  }, []);

  return { state, open, choose, reset };
}
