/**
 * What an observation does to the alerts it answered for: a fired once-only alert is triggered, a
 * fired repeating one stays armed, each keeps its newest triggers (the cooldown reads the last),
 * and an armed alert past its expiry is expired. Pure: the browser's store and the server's
 * evaluator record alike, so the next price meets the same alerts on either side.
 */
import { MAX_TRIGGERS_KEPT, type Alert, type AlertTrigger } from './alert-model.ts';
import type { Observation } from './alert-monitor.ts';

/** A trigger just recorded, with its alert as it is now. */
export interface Recorded {
  alert: Alert;
  trigger: AlertTrigger;
}

export interface Recording {
  /** Every alert, in the same order; the same array when nothing changed. */
  alerts: Alert[];
  recorded: Recorded[];
}

export function recordObservation(alerts: Alert[], { fired, expired }: Observation): Recording {
  if (fired.length === 0 && expired.length === 0) return { alerts, recorded: [] };
  const byId = new Map(fired.map((fire) => [fire.alertId, fire]));
  const gone = new Set(expired);
  const recorded: Recorded[] = [];
  const next = alerts.map((alert): Alert => {
    if (alert.status !== 'armed') return alert;
    if (gone.has(alert.id)) return { ...alert, status: 'expired' };
    const fire = byId.get(alert.id);
    if (!fire) return alert;
    const trigger: AlertTrigger = { time: fire.time, price: fire.price, crossing: fire.crossing };
    const after: Alert = {
      ...alert,
      status: alert.repeat === 'once' ? 'triggered' : 'armed',
      triggers: [trigger, ...alert.triggers].slice(0, MAX_TRIGGERS_KEPT),
    };
    recorded.push({ alert: after, trigger });
    return after;
  });
  return { alerts: next, recorded };
}
