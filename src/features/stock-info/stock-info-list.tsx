/** Sections of label / value pairs as definition lists: two columns, wrapping on a phone. */
import { t } from '../../i18n/t';
import type { InfoSection } from './stock-info-rows';

export function StockInfoList({ symbol, sections }: { symbol: string; sections: readonly InfoSection[] }) {
  return (
    <div data-testid="stock-info" aria-label={t('Stock information for {symbol}', { symbol })} role="group" className="grid gap-4 sm:grid-cols-2">
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={`stock-info-${section.id}`}>
          <h3 id={`stock-info-${section.id}`} className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
            {section.title}
          </h3>
          <dl className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-4 gap-y-1 text-sm">
            {section.rows.map((row) => (
              <div key={row.id} data-field={row.id} className="contents">
                <dt className="text-slate-500 dark:text-slate-400">{row.label}</dt>
                <dd
                  className="text-right tabular-nums text-slate-900 dark:text-slate-100"
                  {...(row.title !== undefined && { title: row.title })}
                  {...(row.lang !== undefined && { lang: row.lang })}
                >
                  {row.value}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
