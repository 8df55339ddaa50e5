/**
 * The chart toolbar's Export button. Only the button is first-page code: the menu and the export
 * work (CSV writer, image composer) load when the button is pointed at, focused or pressed.
 */
import { t } from '../../i18n/t';
import type { Candle } from '#shared/candle.ts';
import { lazyWithPreload } from '../../components/lazy-with-preload';
import type { ColorConvention, Theme } from '../../store/preferences-slice';
import type { ChartExportDescription } from './export-description';
import { PopupButton } from './popup-button';

/** What an export takes from the chart panel, read when an item is chosen. */
export interface ChartExportRequest {
  description: ChartExportDescription;
  /** The candles as drawn: adjusted, the forming one moved by quotes. */
  candles: readonly Candle[];
  theme: Theme;
  colors: ColorConvention;
}

const menu = lazyWithPreload(() => import('./export-menu').then((m) => m.ExportMenu));

export function ExportButton({ request }: { request: () => ChartExportRequest }) {
  return <PopupButton label={t('Export')} role="menu" popup={menu} props={{ request }} />;
}
