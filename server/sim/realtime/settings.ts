/** Defaults and validation of the realtime settings (options and `POST /__sim/realtime`). */
import type { RealtimeSettings } from './types.ts';

export const DEFAULT_REALTIME_SETTINGS: RealtimeSettings = {
  refuse: { depth: false, trade: false },
  maxConnectionsPerKey: 10,
  maxSubscriptionsPerConnection: 1_000,
  pushIntervalMs: 1_000,
  idleTimeoutMs: 60_000,
  silent: false,
};

type NumberSetting = Exclude<keyof RealtimeSettings, 'refuse' | 'silent'>;

/** Bounds of each number: small minimums so tests can run fast, maximums that keep it sane. */
const BOUNDS: Record<NumberSetting, readonly [min: number, max: number]> = {
  maxConnectionsPerKey: [1, 100_000],
  maxSubscriptionsPerConnection: [1, 1_000_000],
  pushIntervalMs: [10, 60_000],
  idleTimeoutMs: [10, 86_400_000],
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `current` with the fields of a partial body applied; throws an Error naming the bad field. */
export function mergeSettings(current: RealtimeSettings, body: unknown): RealtimeSettings {
  if (!isRecord(body)) throw new Error('settings must be a JSON object');
  const next: RealtimeSettings = { ...current, refuse: { ...current.refuse } };
  for (const [name, value] of Object.entries(body)) {
    if (name === 'refuse') {
      if (!isRecord(value)) throw new Error('refuse must be an object like {"depth": true}');
      for (const [channel, flag] of Object.entries(value)) {
        if (channel !== 'depth' && channel !== 'trade') throw new Error('refuse takes depth and trade only');
        if (typeof flag !== 'boolean') throw new Error(`refuse.${channel} must be a boolean`);
        next.refuse[channel] = flag;
      }
      continue;
    }
    if (name === 'silent') {
      if (typeof value !== 'boolean') throw new Error('silent must be a boolean');
      next.silent = value;
      continue;
    }
    if (!Object.hasOwn(BOUNDS, name)) throw new Error(`unknown setting ${name}`);
    const [min, max] = BOUNDS[name as NumberSetting];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      throw new Error(`${name} must be an integer from ${min} to ${max}`);
    }
    next[name as NumberSetting] = value;
  }
  return next;
}
