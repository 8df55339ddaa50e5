/**
 * The classes of the header's quote, shared by the app's SymbolHeader and the boot's copy in the
 * static shell (boot/shell-quote.ts): the app's header takes the shell's place box for box.
 */
export const QUOTE_CLASSES = {
  // From lg the header is one row: the quote keeps its symbol, price, change and extended-hours
  // quote whole (its min-content), and the session state beside it gives way first.
  row: 'flex min-w-0 items-baseline gap-3 whitespace-nowrap [grid-area:quote] lg:min-w-min',
  symbol: 'shrink-0 text-lg font-semibold',
  type: 'ml-1 text-xs font-normal text-slate-500',
  /** The name where a row has room for it: not at lg's one row, where a letter or two of it would show; at most 10 rem from xl. */
  name: 'hidden min-w-0 truncate text-sm text-slate-500 md:inline lg:hidden xl:inline xl:max-w-40 dark:text-slate-400',
  extended: 'min-w-0 truncate text-sm lg:shrink-0',
  last: 'shrink-0 text-lg font-semibold tabular-nums',
  change: 'shrink-0 text-sm tabular-nums',
} as const;
