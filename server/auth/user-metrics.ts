/**
 * Per-user figures for /metrics, in a registry of their own appended to the server's exposition.
 * The `user` label is bounded: the first `maxUsers` names seen get their own label, every later
 * one counts as `other`, so a proxy naming thousands of users cannot blow up the series count.
 */
import { Counter, Gauge, Registry } from 'prom-client';

export interface UserMetrics {
  registry: Registry;
  /** One /v1 request of `user`, let through or over its budget. */
  request(user: string, outcome: 'allowed' | 'over_budget'): void;
  /** A sign-in, sign-out or refusal, by outcome. */
  authEvent(event: string, outcome: string): void;
  /** The live sessions' count, read at each scrape (a database query with database sessions). */
  setSessions(count: () => Promise<number>): void;
}

export function createUserMetrics(maxUsers = 50): UserMetrics {
  const registry = new Registry();
  const labelled = new Set<string>();
  const label = (user: string): string => {
    if (labelled.has(user)) return user;
    if (labelled.size < maxUsers) {
      labelled.add(user);
      return user;
    }
    return 'other';
  };
  const requests = new Counter({
    name: 'chartroom_user_requests_total',
    help: 'Requests to /v1 and the catalogue by signed-in user (the first 50 users by name, the rest as other), allowed or refused over the user budget.',
    labelNames: ['user', 'outcome'],
    registers: [registry],
  });
  const events = new Counter({
    name: 'chartroom_auth_events_total',
    help: 'Sign-ins, sign-outs and refused requests by outcome.',
    labelNames: ['event', 'outcome'],
    registers: [registry],
  });
  let sessions: () => Promise<number> = () => Promise.resolve(0);
  new Gauge({
    name: 'chartroom_sessions',
    help: 'Live sign-in sessions (AUTH_MODE=password; with a database, those of every instance sharing it).',
    registers: [registry],
    async collect() {
      try {
        this.set(await sessions());
      } catch {
        // The database away: the gauge keeps its last figure; the scrape still answers.
      }
    },
  });
  return {
    registry,
    request: (user, outcome) => {
      requests.inc({ user: label(user), outcome });
    },
    authEvent: (event, outcome) => {
      events.inc({ event, outcome });
    },
    setSessions: (count) => {
      sessions = count;
    },
  };
}
