/**
 * A watchlist's name as the user reads it: the default lists speak the chosen language until the
 * user renames them (the stored name stays English, so a language switch renames nothing).
 */
import { t, type MessageKey } from '../i18n/t';
import { DEFAULT_WATCHLISTS, type Watchlist } from './watchlists-slice';

const DEFAULT_NAMES: Readonly<Record<string, MessageKey>> = { us: 'US tech', hk: 'Hong Kong', cn: 'A-shares', global: 'FX, metals, crypto' };

export function listName(list: Pick<Watchlist, 'id' | 'name'>): string {
  const key = DEFAULT_NAMES[list.id];
  const isDefault = key !== undefined && DEFAULT_WATCHLISTS.some((listed) => listed.id === list.id && listed.name === list.name);
  return isDefault ? t(key) : list.name;
}
