/**
 * The current instant, re-rendering every `intervalMs`. Used until the app supplies the server's
 * clock (the simulator's may differ from the browser's); a given `now` wins and stops the ticking.
 */
import { useNow } from '../../components/use-now';

export function useTickingNow(given?: number, intervalMs = 1000): number {
  const ticked = useNow(intervalMs, given === undefined);
  return given ?? ticked;
}
