/** The sticky header row: one sort button per column, `aria-sort` on the sorted column. */
import { t } from '../../i18n/t';
import { COLUMNS, STICKY_EDGE, type ColumnKey } from './hk-columns';
import type { SortState } from './hk-sort';

interface HkTableHeaderProps {
  sort: SortState;
  onSort: (key: ColumnKey) => void;
}

export function HkTableHeader({ sort, onSort }: HkTableHeaderProps) {
  return (
    <thead>
      <tr aria-rowindex={1}>
        {COLUMNS.map(({ key, label, stickyLeft }) => {
          const active = sort.key === key;
          const ariaSort = active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none';
          const alignRight = key !== 'code' && key !== 'name';
          return (
            <th
              key={key}
              scope="col"
              aria-sort={ariaSort}
              className={`sticky top-0 border-b border-slate-200 bg-white p-0 font-medium text-slate-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-400 ${stickyLeft ? `${stickyLeft} z-20` : 'z-10'} ${key === 'name' ? STICKY_EDGE : ''}`}
            >
              <button
                type="button"
                onClick={() => {
                  onSort(key);
                }}
                className={`flex w-full items-center gap-1 whitespace-nowrap px-2 py-1.5 hover:text-slate-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-sky-500 dark:hover:text-white ${alignRight ? 'justify-end' : 'justify-start'} ${active ? 'text-slate-900 dark:text-white' : ''}`}
              >
                {t(label)}
                <span aria-hidden="true" className={`w-2 text-[10px] ${active ? '' : 'opacity-0'}`}>
                  {active && sort.direction === 'desc' ? '▼' : '▲'}
                </span>
              </button>
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
