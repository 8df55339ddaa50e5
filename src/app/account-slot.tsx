/**
 * Who is signed in, in the header, where the server has sign-in on. Rendered after the first
 * candle from the beside-chart chunk, which carries the question to the server (use-sign-in-on);
 * the status's own code and styles load only where there is something to show.
 */
import { lazyWithPreload } from '../components/lazy-with-preload';
import { useSignInOn } from './use-sign-in-on';

const AccountStatus = lazyWithPreload(() => import('../features/account/account-status').then((m) => m.AccountStatus)).Component;

export function AccountSlot() {
  return useSignInOn() ? <AccountStatus /> : null;
}
