/**
 * Opening a symbol from the palette. A catalogue match opens with its type; a symbol the
 * catalogue lists with several types (BTCUSD) opens with the type the user chose for it before,
 * or the far likelier reading when not typed whole (btc: the crypto pair, lib/symbol-input), or
 * asks which (the answer is remembered). A typed symbol the catalogue does not know opens with
 * its remembered type, or after the ticker endpoint is asked: AMBIGUOUS_SYMBOL turns into the same
 * question, an unknown symbol stays in the palette with its error, and anything else opens (the
 * chart shows its own errors).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { isAmbiguousSymbol, isApiError } from '../../api/api-error';
import { ERROR_CODES, PRODUCT_TYPES, type ProductType } from '#shared/contract.ts';
import { useAppServices } from '../../queries/app-services-context';
import { tickerQueryOptions } from '../../queries/use-ticker';
import { acceptSymbol } from '../../lib/symbol-input';
import { useAppStore } from '../../store/app-store';

export type OpenerState =
  | { status: 'idle' }
  | { status: 'checking'; symbol: string }
  /** Which type? `action`: what the answer is for (opening, or adding to the watchlist). */
  | { status: 'choose'; symbol: string; types: ProductType[]; action: ChoiceAction }
  /** The service does not know the symbol (2002). */
  | { status: 'failed'; symbol: string };

export type ChoiceAction = 'open' | 'add';

const IDLE: OpenerState = { status: 'idle' };

/**
 * The type to take without asking (the only one, the one chosen before, or the likely reading of
 * a symbol not typed whole), or undefined: ask. A likely reading is remembered as the user's
 * choice would be, so the watchlist, the chart and the alerts read that type.
 */
export function acceptedType(symbol: string, types: readonly ProductType[], typedWhole: boolean): ProductType | undefined {
  const store = useAppStore.getState();
  const result = acceptSymbol(symbol, types, [], { typedWhole, remembered: store.symbolTypes[symbol] });
  if (result.ok !== true) return undefined;
  if (result.likely && result.type) store.rememberType(symbol, result.type);
  return result.type;
}

function productTypes(values: readonly string[]): ProductType[] {
  return PRODUCT_TYPES.filter((type) => values.includes(type));
}

export function useSymbolOpener(onOpened: () => void) {
  const { queryClient, feed } = useAppServices();
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

  /** Asks which of `types` the user means, for `action`. */
  const ask = useCallback((symbol: string, types: readonly ProductType[], action: ChoiceAction) => {
    attempt.current += 1;
    setState({ status: 'choose', symbol, types: [...types], action });
  }, []);

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
        await queryClient.query({ ...tickerQueryOptions(feed, symbol), retry: false });
        if (id === attempt.current) finish(symbol);
      } catch (error) {
        if (id !== attempt.current) return;
        const types = productTypes(isAmbiguousSymbol(error)?.types ?? []);
        const [only] = types;
        if (types.length > 1) setState({ status: 'choose', symbol, types, action: 'open' });
        else if (only) finish(symbol, only);
        else if (isApiError(error) && error.code === ERROR_CODES.SYMBOL_NOT_FOUND) setState({ status: 'failed', symbol });
        else finish(symbol);
      }
    },
    [finish, queryClient, feed],
  );

  /** A symbol of the catalogue with these types (`typedWhole`: see acceptedType): opens it, or asks which type first. */
  const openOneOf = useCallback(
    (symbol: string, types: readonly ProductType[], typedWhole: boolean) => {
      const type = acceptedType(symbol, types, typedWhole);
      if (type !== undefined) finish(symbol, type);
      else ask(symbol, types, 'open');
    },
    [ask, finish],
  );

  /** Remembers the answer to "which type?" and opens with it. */
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

  return { state, open, openOneOf, choose, ask, reset };
}
