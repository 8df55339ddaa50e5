/**
 * The depth ladder: asks above the spread (highest first, best ask next to it), bids below (best
 * first); price, size and cumulative size, with a bar per level as long as its cumulative size.
 */
import { t } from '../../i18n/t';
import type { Ladder, LadderLevel, SizeChange } from './ladder';
import type { SizeChanges } from './use-size-changes';

/** Asks take the "down" colour and bids the "up" one, so the user's green-up / red-up choice holds. */
const SIDE_COLOR = { ask: 'var(--color-down)', bid: 'var(--color-up)' } as const;
const FLASH_CLASS: Record<SizeChange, string> = { up: 'flash-up', down: 'flash-down' };
const HEAD = 'px-2 py-1 text-right font-medium text-slate-500 dark:text-slate-400';
const CELL = 'px-2 py-0.5 text-right';

function barStyle(level: LadderLevel) {
  const color = `color-mix(in srgb, ${SIDE_COLOR[level.side]} 20%, transparent)`;
  const width = `${level.barPercent.toFixed(2)}%`;
  return { backgroundImage: `linear-gradient(to left, ${color} ${width}, transparent ${width})` };
}

function LevelRow({ level, flash, version }: { level: LadderLevel; flash: SizeChange | undefined; version: number }) {
  return (
    <tr data-testid={`book-${level.side}`} data-bar={level.barPercent.toFixed(1)} style={barStyle(level)}>
      <td className={`${CELL} font-medium`} style={{ color: SIDE_COLOR[level.side] }}>
        {level.priceText}
      </td>
      <td className={`${CELL} text-slate-900 dark:text-slate-100`}>
        <span key={flash ? version : 'steady'} data-flash={flash} className={`rounded-sm px-0.5 ${flash ? FLASH_CLASS[flash] : ''}`}>
          {level.sizeText}
        </span>
      </td>
      <td className={`${CELL} text-slate-600 dark:text-slate-300`}>{level.cumulativeText}</td>
    </tr>
  );
}

export function DepthLadder({ symbol, ladder, flashes }: { symbol: string; ladder: Ladder; flashes: SizeChanges }) {
  const rows = (levels: readonly LadderLevel[]) =>
    levels.map((level) => <LevelRow key={level.key} level={level} flash={flashes.changes.get(level.key)} version={flashes.version} />);
  return (
    <table data-testid="depth-ladder" className="w-full border-collapse text-xs tabular-nums sm:text-sm">
      <caption className="sr-only">
        {t(
          'Order book of {symbol}: {asks} ask levels above the spread, highest price first; {bids} bid levels below it, best bid first. Cumulative size adds up the sizes from the best price outwards.',
          { symbol, asks: ladder.asks.length, bids: ladder.bids.length },
        )}
      </caption>
      <thead className="border-b border-slate-200 dark:border-slate-800">
        <tr>
          <th scope="col" className={HEAD}>
            {t('Price')}
          </th>
          <th scope="col" className={HEAD}>
            {t('Size')}
          </th>
          <th scope="col" className={HEAD}>
            <abbr title={t('Cumulative size from the best price')} className="no-underline">
              {t('Cumulative')}
            </abbr>
          </th>
        </tr>
      </thead>
      <tbody aria-label={t('Asks')}>{rows(ladder.asks)}</tbody>
      <tbody>
        <tr data-testid="book-spread" className="border-y border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-800/60">
          <td colSpan={3} className="px-2 py-1 text-center text-slate-700 dark:text-slate-200">
            {ladder.spread ? (
              <>
                {t('Spread')} <span className="font-medium">{ladder.spread.absoluteText}</span> ({ladder.spread.bpsText}) · {t('Mid')}{' '}
                <span className="font-medium" data-testid="book-mid">
                  {ladder.spread.midText}
                </span>
              </>
            ) : (
              t('No spread: one side of the book is empty')
            )}
          </td>
        </tr>
      </tbody>
      <tbody aria-label={t('Bids')}>{rows(ladder.bids)}</tbody>
    </table>
  );
}
