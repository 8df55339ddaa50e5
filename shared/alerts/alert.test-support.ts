/** An armed alert for the tests: AAPL.US crossing up through `level`, once, silent. */
import type { Alert } from './alert-model.ts';

export function armedAlert(id: string, level = 100): Alert {
  return {
    id,
    symbol: 'AAPL.US',
    condition: { kind: 'cross', level },
    direction: 'up',
    repeat: 'once',
    cooldownMs: 0,
    sound: false,
    createdAt: 1,
    status: 'armed',
    triggers: [],
  };
}
