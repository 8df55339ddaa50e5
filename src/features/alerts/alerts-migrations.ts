/**
 * The alerts store's saved shapes (key 'chartroom.alerts'), oldest first: version 1 kept each log
 * line as English text, so it stayed English after a language switch; 2 keeps what the line says
 * as data (the alert's condition, the crossing) and says it in the language of the moment.
 * Loaded only for a state saved before version 2.
 */
import { asObject, runMigrations, type Migration } from '../../store/migrations';
import { priceText } from './alert-text';

/** The figures a version 1 line named: its price, and the level (or percent and base) it crossed. */
function figuresOf(condition: Record<string, unknown>): unknown[] {
  return condition.kind === 'cross' ? [condition.level] : [condition.percent, condition.base];
}

function mentions(text: string, value: unknown): boolean {
  return typeof value === 'number' && text.includes(priceText(value));
}

/**
 * A version 1 line as data, from its alert's trigger at the line's time — only when the text
 * names the symbol and those very figures (the alert's level may have moved since); else the
 * line is kept as text and shown as written.
 */
function lineAsData(line: unknown, alerts: readonly Record<string, unknown>[]): unknown {
  const { text, ...rest } = asObject(line);
  if (typeof text !== 'string') return line;
  const alert = alerts.find(({ id }) => id === rest.alertId);
  const condition = asObject(alert?.condition);
  const trigger = (Array.isArray(alert?.triggers) ? (alert.triggers as unknown[]) : []).map(asObject).find(({ time }) => time === rest.time);
  const named = typeof rest.symbol === 'string' && text.includes(rest.symbol) && [rest.price, ...figuresOf(condition)].every((value) => mentions(text, value));
  return trigger && named ? { ...rest, condition: alert?.condition, crossing: trigger.crossing } : line;
}

export const ALERTS_MIGRATIONS: readonly Migration[] = [
  {
    id: 'alerts-2-log-lines-as-data',
    to: 2,
    up: (state) => {
      const alerts = (Array.isArray(state.alerts) ? (state.alerts as unknown[]) : []).map(asObject);
      return Array.isArray(state.log) ? { ...state, log: (state.log as unknown[]).map((line) => lineAsData(line, alerts)) } : state;
    },
  },
];

export function migrate(persisted: unknown, version: number): unknown {
  return runMigrations(ALERTS_MIGRATIONS, persisted, version);
}
