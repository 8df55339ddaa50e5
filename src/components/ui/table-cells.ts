/**
 * The cells of the virtual tables (the HK market, the screener's results): one line each, a rule
 * under it. Measured on a 6,000 px/s fling through the HK table (180 frames): a clip per cell cost a
 * third of the paint (1,300-1,460 -> 840-960 ms), and every sticky cell was a compositor layer of
 * its own (about 100 in view; 16-26 late frames against 7-10 without).
 */
export const TABLE_CELL = 'whitespace-nowrap border-b border-slate-100 px-2 dark:border-slate-800/70';

/**
 * Only for what can outgrow its column (a name): cut with an ellipsis, its title holding the
 * whole. Codes and figures fit their columns and are never cut: an ellipsis would hide a digit.
 */
export const CUT_CELL = 'overflow-hidden text-ellipsis';

/**
 * A row's leading cells stay put while the rest scrolls sideways, from the moment the scroll area
 * is scrolled (its `data-scrolled`, set by useScrollEdges; the area carries the group name
 * `scroll`): at the left edge sticking changes nothing on screen. Opaque, following the row's hover.
 */
export const STICKY_ONCE_SCROLLED =
  'z-[1] group-data-[scrolled=true]/scroll:sticky bg-white group-hover:bg-slate-50 dark:bg-slate-900 dark:group-hover:bg-slate-800';
