/**
 * The Layout button at the right of the tab row: one, two, three or four charts and what they
 * keep in step. Only the button is first-page code; its menu loads when the button is pointed at
 * or pressed.
 */
import { t } from '../../../i18n/t';
import { lazyWithPreload } from '../../../components/lazy-with-preload';
import { PopupButton } from '../popup-button';

const menu = lazyWithPreload(() => import('./layout-menu').then((m) => m.LayoutMenu));
const NO_PROPS = {};

export function LayoutButton() {
  return <PopupButton label={t('Layout')} role="dialog" popup={menu} props={NO_PROPS} />;
}
