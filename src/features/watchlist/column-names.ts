/** The words of a watchlist column, in the header and the column chooser. */
import { t } from '../../i18n/t';
import type { WatchlistColumn } from '../../store/watchlist-view';

export function columnName(column: WatchlistColumn): string {
  switch (column) {
    case 'last':
      return t('Last');
    case 'change':
      return t('Change');
    case 'percent':
      return t('Change %');
    case 'volume':
      return t('Volume');
    case 'turnover':
      return t('Turnover');
    case 'extended':
      return t('Extended hours');
  }
}
