/**
 * Top gainers and top losers: one line each, scrolling sideways when the panel is narrow (a fade
 * and a button say so), so the table keeps the height. Each mover opens in the chart.
 */
import { t } from '../../i18n/t';
import { formatPercent } from '../../lib/format';
import { moveClass } from './hk-cells';
import type { Movers } from './hk-movers';
import type { HkRow } from './hk-row';
import { ScrollCue } from './scroll-cue';
import { useScrollEdges } from '../../components/ui/use-scroll-edges';

interface HkMoversStripProps {
  movers: Movers;
  onOpen: (row: HkRow) => void;
}

interface MoverListProps {
  title: string;
  rows: readonly HkRow[];
  testId: string;
  onOpen: (row: HkRow) => void;
}

function MoverList({ title, rows, testId, onOpen }: MoverListProps) {
  const { ref, element, edges } = useScrollEdges<HTMLOListElement>();
  return (
    <section aria-label={title} className="flex min-w-0 items-center gap-2">
      <h3 className="w-24 shrink-0 whitespace-nowrap text-[11px] font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-xs text-slate-500">None right now.</p>
      ) : (
        <div className="relative min-w-0">
          <ol ref={ref} className="flex min-w-0 gap-1 overflow-x-auto [scrollbar-width:none]">
            {rows.map((row) => (
              <li key={row.code} className="shrink-0">
                <button
                  type="button"
                  data-testid={testId}
                  data-code={row.code}
                  onClick={() => {
                    onOpen(row);
                  }}
                  title={`${row.shownCode} ${row.name}`}
                  className="flex max-w-48 items-baseline gap-1 rounded border border-slate-200 px-1.5 py-0.5 text-xs hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-sky-500 dark:border-slate-700 dark:hover:bg-slate-800"
                >
                  <span className="font-mono text-sky-700 dark:text-sky-300">{row.shownCode}</span>
                  <span className="truncate">{row.name}</span>
                  <span className={`tabular-nums ${moveClass(row.changePercent)}`}>{formatPercent(row.changePercent)}</span>
                </button>
              </li>
            ))}
          </ol>
          {edges.end && <ScrollCue target={element} label={t('More {what}', { what: title.toLowerCase() })} />}
        </div>
      )}
    </section>
  );
}

export function HkMoversStrip({ movers, onOpen }: HkMoversStripProps) {
  return (
    <div className="flex flex-col gap-1 border-b border-slate-200 px-2 py-1.5 dark:border-slate-800">
      <MoverList title={t('Top gainers')} rows={movers.gainers} testId="hk-gainer" onOpen={onOpen} />
      <MoverList title={t('Top losers')} rows={movers.losers} testId="hk-loser" onOpen={onOpen} />
    </div>
  );
}
