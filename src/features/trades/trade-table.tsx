/** The time-and-sales table: one row per trade, newest first. */
import { t } from '../../i18n/t';
import { sideName } from './trade-labels';
import { zoneLabel } from '../../lib/zone-label';
import type { TapeRow } from './tape-rows';

interface TradeTableProps {
  symbol: string;
  rows: readonly TapeRow[];
  timeZone: string;
  futures: boolean;
  fresh: ReadonlySet<string>;
}

const HEAD = 'sticky top-0 bg-white px-2 py-1 font-medium text-slate-500 dark:bg-slate-900 dark:text-slate-400';
const MUTED = 'text-slate-500 dark:text-slate-400';

export function TradeTable({ symbol, rows, timeZone, futures, fresh }: TradeTableProps) {
  // The rows show bare clock times: the column names their zone (at the newest trade).
  const zone = zoneLabel(rows[0]?.timestampMs ?? 0, timeZone);
  return (
    <table aria-label={t('Trades of {symbol}', { symbol })} className="w-full border-collapse text-xs tabular-nums">
      <caption className="sr-only">{t('Trades of {symbol}, newest first; times in {zone}.', { symbol, zone: `${timeZone} (${zone})` })}</caption>
      <thead>
        <tr>
          <th scope="col" className={`${HEAD} whitespace-nowrap text-left`} title={t('Times in {zone}', { zone: timeZone })}>
            {t('Time')} <span className="font-normal">({zone})</span>
          </th>
          <th scope="col" className={`${HEAD} text-right`}>
            {t('Price')}
          </th>
          <th scope="col" className={`${HEAD} text-right`}>
            {t('Quantity')}
          </th>
          <th scope="col" className={`${HEAD} text-left`}>
            {t('Side')}
          </th>
          {futures && (
            <>
              <th scope="col" className={`${HEAD} text-right`} title={t('Open-interest change')}>
                <abbr title={t('Open-interest change')} className="no-underline">
                  {t('OI chg')}
                </abbr>
              </th>
              <th scope="col" className={`${HEAD} text-left`}>
                {t('Position effect')}
              </th>
            </>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const isFresh = fresh.has(row.id);
          const sideColor = row.side.color === undefined ? MUTED : '';
          const style = row.side.color === undefined ? undefined : { color: row.side.color };
          return (
            <tr
              key={row.id}
              data-testid="trade-row"
              data-side={row.side.label.toLowerCase()}
              data-fresh={isFresh ? 'true' : undefined}
              className={`border-t border-slate-100 transition-colors duration-1000 motion-reduce:transition-none dark:border-slate-800 ${isFresh ? 'bg-sky-500/20' : ''}`}
            >
              <td className="whitespace-nowrap px-2 py-0.5 text-slate-700 dark:text-slate-300">
                <time dateTime={new Date(row.timestampMs).toISOString()} title={row.fullTime}>
                  {row.time}
                </time>
              </td>
              <td className={`px-2 py-0.5 text-right ${sideColor}`} style={style}>
                {row.price}
              </td>
              <td className="px-2 py-0.5 text-right text-slate-900 dark:text-slate-100">{row.quantity}</td>
              <td className={`whitespace-nowrap px-2 py-0.5 ${sideColor}`} style={style}>
                <span aria-hidden="true">{row.side.mark}</span> {sideName(row.side.label)}
              </td>
              {futures && (
                <>
                  <td className="px-2 py-0.5 text-right text-slate-700 dark:text-slate-300">{row.openInterestChange ?? ''}</td>
                  <td className="whitespace-nowrap px-2 py-0.5 text-slate-700 dark:text-slate-300">{row.positionEffect ?? ''}</td>
                </>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
