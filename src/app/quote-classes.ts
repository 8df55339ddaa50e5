/**
 * The classes of the header's quote, shared by the app's SymbolHeader and the boot's copy in the
 * static shell (boot/shell-quote.ts): the app's header takes the shell's place box for box.
 */
export const QUOTE_CLASSES = {
  // From lg the header is one row: the quote keeps its symbol, price, change and extended-hours
  // quote whole (its min-content), and the session state beside it gives way first. On an upright
  // phone the extended-hours quote takes a line of its own under the symbol (24 + 16 px fill the 40 px row).
  row: 'flex min-w-0 items-baseline gap-3 whitespace-nowrap [grid-area:quote] upright-phone:flex-wrap upright-phone:gap-y-0 lg:min-w-min',
  symbol: 'shrink-0 text-lg leading-6 font-semibold',
  type: 'ml-1 text-xs font-normal text-slate-500',
  /** The name where a row has room for it: not at lg's one row, where a letter or two of it would show; at most 10 rem from xl. */
  name: 'hidden min-w-0 truncate text-sm text-slate-500 md:inline lg:hidden xl:inline xl:max-w-40 landscape-phone:hidden dark:text-slate-400',
  /**
   * The change and the extended-hours quote: side by side, but on a phone on its side, whose one
   * row (48 px) has room for two lines and not for both: there the extended quote goes under the change.
   */
  figures: 'contents landscape-phone:flex landscape-phone:min-w-0 landscape-phone:flex-col',
  extended: 'min-w-0 truncate text-sm upright-phone:basis-full compact:text-xs lg:shrink-0',
  /** The extended quote's change in price units, where its line is short: its percentage alone. */
  extendedAbsolute: 'landscape-phone:hidden lg:max-xl:hidden',
  last: 'shrink-0 text-lg leading-6 font-semibold tabular-nums',
  change: 'shrink-0 text-sm tabular-nums',
} as const;
