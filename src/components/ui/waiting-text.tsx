/**
 * A panel's "Loading …" while it waits for its first answer; offline, where nothing was kept for
 * it, that it waits for the network instead (it will not load until then, and pretends nothing).
 */
import { t } from '../../i18n/t';
import { useNetworkUp } from '../../queries/use-network-up';

export function WaitingText({ loading }: { loading: string }) {
  return useNetworkUp() ? loading : t('Offline: nothing was kept for this here. It loads once the network is back.');
}
