/**
 * A box where the user enters a symbol to add (the watchlist's add box, the chart's compare
 * popup): the text, the message under it, a type to choose for an ambiguous symbol, and how a
 * typed symbol settles: checked against the catalogue (which loads first if need be), then
 * accepted, refused with a message, or held for its type.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ProductType } from '#shared/contract.ts';
import { t } from '../i18n/t';
import type { CatalogSearch } from '../lib/catalog-search';
import { parseSymbolInput, type SymbolInput } from '../lib/symbol-input';
import { catalogQueryOptions } from '../queries/use-catalog';
import { useAppStore } from '../store/app-store';

export type EntryFeedback = { tone: 'error' | 'ok' | 'busy'; text: string } | undefined;

export interface SymbolEntry {
  text: string;
  feedback: EntryFeedback;
  /** A symbol of several types, waiting for the user's choice. */
  choice: { symbol: string; types: ProductType[] } | undefined;
  /** The box's text changed: a choice or a message about the old text goes (a check under way keeps its word). */
  edit: (text: string) => void;
  /** Accepts the symbol, holds it for its type, or shows why not; `typed`: the text it came from. */
  settle: (result: SymbolInput, typed: string) => boolean;
  /**
   * Checks `typed` against the catalogue and settles it; `existing`: the symbols already there.
   * While the catalogue loads, the box is free for the next symbol; `typed` comes back if refused.
   * `suggested`: what the text settles to by the catalogue's suggestions, before it is read as a symbol.
   */
  check: (typed: string, existing: readonly string[], suggested?: (catalog: CatalogSearch) => SymbolInput | undefined) => Promise<void>;
  refuse: (message: string) => void;
  /** The user chose the held symbol's type: remembered, then the symbol is accepted. */
  choose: (type: ProductType) => void;
  cancelChoice: () => void;
}

/** The type the user chose before for `symbol`, if any. */
export const rememberedType = (symbol: string): ProductType | undefined => useAppStore.getState().symbolTypes[symbol];

/**
 * `accept` adds a symbol the checks let through and answers what to show: an error refuses it
 * (the text stays for mending); anything else empties the box.
 */
export function useSymbolEntry(accept: (symbol: string) => EntryFeedback): SymbolEntry {
  const [text, setText] = useState('');
  const [feedback, setFeedback] = useState<EntryFeedback>(undefined);
  const [choice, setChoice] = useState<SymbolEntry['choice']>(undefined);
  const queryClient = useQueryClient();
  const refuse = (message: string) => {
    setFeedback({ tone: 'error', text: message });
  };
  /** Whether `symbol` was accepted. */
  const take = (symbol: string, typed: string): boolean => {
    const after = accept(symbol);
    const accepted = after?.tone !== 'error';
    if (accepted) {
      // A check settles after the catalogue arrives; the box may hold the next symbol by then.
      setText((current) => (current === typed ? '' : current));
      setChoice(undefined);
    }
    setFeedback(after);
    return accepted;
  };
  /** Whether the symbol was accepted (not refused, nor held for its type). */
  const settle = (result: SymbolInput, typed: string): boolean => {
    if (result.ok === true) return take(result.symbol, typed);
    if (result.ok === 'choose') {
      setChoice({ symbol: result.symbol, types: result.types });
      setFeedback(undefined);
    } else refuse(result.message);
    return false;
  };
  return {
    text,
    feedback,
    choice,
    edit(next) {
      setText(next);
      setChoice(undefined);
      if (feedback?.tone !== 'busy') setFeedback(undefined);
    },
    settle,
    async check(typed, existing, suggested) {
      if (typed.trim() === '') {
        settle(parseSymbolInput(typed, existing, { lookup: () => [] }), typed);
        return;
      }
      const options = catalogQueryOptions();
      // Enter before the catalogue arrives commits the text: the box empties for the next symbol,
      // and gets the text back if it is not accepted (unless the user has typed on).
      const waits = queryClient.getQueryData(options.queryKey) === undefined;
      if (waits) setText((current) => (current === typed ? '' : current));
      const giveBack = () => {
        if (waits) setText((current) => (current === '' ? typed : current));
      };
      setFeedback({ tone: 'busy', text: t('Checking the symbol catalogue…') });
      let catalog;
      try {
        catalog = await queryClient.query(options);
      } catch {
        giveBack();
        refuse(t('The symbol catalogue could not be loaded, so nothing was added. Try again.'));
        return;
      }
      const result = suggested?.(catalog) ?? parseSymbolInput(typed, existing, catalog, rememberedType);
      if (!settle(result, typed)) giveBack();
    },
    refuse,
    choose(type) {
      if (!choice) return;
      useAppStore.getState().rememberType(choice.symbol, type);
      take(choice.symbol, text);
    },
    cancelChoice() {
      setChoice(undefined);
    },
  };
}
