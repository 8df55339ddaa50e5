/**
 * Reconnect delays: exponential backoff with full jitter (a uniform draw in [0, min(cap, base·2ⁿ))),
 * so many browsers dropped at once do not come back in step.
 */
export interface BackoffPolicy {
  baseMs: number;
  factor: number;
  capMs: number;
}

export const RECONNECT_BACKOFF: BackoffPolicy = { baseMs: 500, factor: 2, capMs: 30_000 };

/** The upper bound of the draw for the `attempt`-th consecutive failure (0-based). */
export function backoffCeiling(attempt: number, policy: BackoffPolicy = RECONNECT_BACKOFF): number {
  return Math.min(policy.capMs, policy.baseMs * policy.factor ** Math.max(0, attempt));
}

export function backoffDelay(attempt: number, random: () => number, policy: BackoffPolicy = RECONNECT_BACKOFF): number {
  return Math.floor(random() * backoffCeiling(attempt, policy));
}
