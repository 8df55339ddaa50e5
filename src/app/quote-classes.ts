/**
 * The classes of the header's quote, shared by the app's SymbolHeader and the boot's copy in the
 * static shell (boot/shell-quote.ts): the app's header takes the shell's place box for box.
 */
export const QUOTE_CLASSES = {
  row: 'flex min-w-0 items-baseline gap-3 whitespace-nowrap [grid-area:quote]',
  symbol: 'shrink-0 text-lg font-semibold',
  type: 'ml-1 text-xs font-normal text-slate-500',
  name: 'hidden min-w-0 truncate text-sm text-slate-500 md:inline dark:text-slate-400',
  last: 'shrink-0 text-lg font-semibold tabular-nums',
  change: 'shrink-0 text-sm tabular-nums',
} as const;
