/**
 * Keys, plans and per-key limits of the simulator (§5 of the contract). Keys are demo strings,
 * one per plan; the plan table gates endpoints exactly where the contract shows a gate and opens
 * every endpoint where it says "not shown".
 */
import { SimError } from './sim-error.ts';

export type Plan = 'free' | 'starter' | 'professional' | 'all-hk' | 'all-cn' | 'all-us' | 'enterprise';

interface KeyRecord {
  plan: Plan;
  expired?: boolean;
  /** Allowed client addresses; loopback is deliberately absent. */
  whitelist?: readonly string[];
}

export const DEMO_KEYS: Readonly<Record<string, KeyRecord>> = {
  'demo-free': { plan: 'free' },
  'demo-starter': { plan: 'starter' },
  'demo-pro': { plan: 'professional' },
  'demo-hk': { plan: 'all-hk' },
  'demo-cn': { plan: 'all-cn' },
  'demo-us': { plan: 'all-us' },
  'demo-enterprise': { plan: 'enterprise' },
  'demo-expired': { plan: 'professional', expired: true },
  'demo-whitelist': { plan: 'enterprise', whitelist: ['203.0.113.10'] },
};

/** The key the embedded simulator answers with when the server has no real key. */
export const EMBEDDED_KEY = 'demo-enterprise';

/** Every plan but Free. */
const PAID_PLANS: readonly Plan[] = ['starter', 'professional', 'all-hk', 'all-cn', 'all-us', 'enterprise'];

/**
 * Endpoint gates of §5's table; endpoints not listed are open to every plan. The order book
 * follows the public depth page (not on Free), like its realtime channel.
 */
const PLAN_GATES: Readonly<Record<string, readonly Plan[]>> = {
  '/v1/market/kline/ex-factors': PAID_PLANS,
  '/v1/market/ticker/hk-stock': ['all-hk', 'enterprise'],
  // Not in §5's table: gated as the full-HK one is, each to its own full-market plan.
  '/v1/market/ticker/us-stock': ['all-us', 'enterprise'],
  '/v1/market/ticker/cn-stock': ['all-cn', 'enterprise'],
  '/v1/market/depth': PAID_PLANS,
};

/** Realtime channels a plan may subscribe to (the websocket pages: depth and trade not on Free). */
const CHANNEL_GATES: Readonly<Record<string, readonly Plan[]>> = {
  depth: PAID_PLANS,
  trade: PAID_PLANS,
};

export function planAllowsChannel(plan: Plan, channel: string): boolean {
  const gate = CHANNEL_GATES[channel];
  return !gate || gate.includes(plan);
}

export interface AccessLimits {
  /** Requests per key per minute before 3001. */
  ratePerMinute: number;
  /** Requests per key per calendar month (UTC) before 3002. */
  monthlyQuota: number;
}

export const DEFAULT_LIMITS: AccessLimits = { ratePerMinute: 6_000, monthlyQuota: 10_000_000 };

interface Usage {
  windowStart: number;
  inWindow: number;
  month: string;
  inMonth: number;
}

/** The plan of a key, or the contract's refusal (1002 none, 1001 unknown or expired, 1003 whitelist). */
export function identify(key: string | undefined, clientAddress: string | undefined): { key: string; plan: Plan } {
  if (key === undefined || key === '') throw new SimError(1002);
  const record = DEMO_KEYS[key];
  if (!record || record.expired) throw new SimError(1001);
  if (record.whitelist && (clientAddress === undefined || !record.whitelist.includes(clientAddress))) {
    throw new SimError(1003);
  }
  return { key, plan: record.plan };
}

export class AccessControl {
  private readonly usage = new Map<string, Usage>();

  constructor(private limits: AccessLimits) {}

  setLimits(limits: Partial<AccessLimits>): void {
    this.limits = { ...this.limits, ...limits };
  }

  getLimits(): AccessLimits {
    return this.limits;
  }

  /** Checks a request's key and counts it; throws the contract's error when refused. */
  admit(key: string | undefined, path: string, clientAddress: string | undefined, now: number): Plan {
    const identity = identify(key, clientAddress);
    this.count(identity.key, now);
    const gate = PLAN_GATES[path];
    if (gate && !gate.includes(identity.plan)) throw new SimError(1004, `the ${identity.plan} plan does not include ${path}`);
    return identity.plan;
  }

  /** Fixed one-minute windows per key; Retry-After is the time left in the window. */
  private count(key: string, now: number): void {
    const month = new Date(now).toISOString().slice(0, 7);
    let usage = this.usage.get(key);
    if (!usage) {
      usage = { windowStart: now, inWindow: 0, month, inMonth: 0 };
      this.usage.set(key, usage);
    }
    if (now - usage.windowStart >= 60_000 || now < usage.windowStart) {
      usage.windowStart = now;
      usage.inWindow = 0;
    }
    if (usage.month !== month) {
      usage.month = month;
      usage.inMonth = 0;
    }
    if (usage.inMonth >= this.limits.monthlyQuota) throw new SimError(3002);
    if (usage.inWindow >= this.limits.ratePerMinute) {
      const retryAfter = Math.max(1, Math.ceil((usage.windowStart + 60_000 - now) / 1000));
      throw new SimError(3001, undefined, { headers: { 'Retry-After': String(retryAfter) } });
    }
    usage.inWindow++;
    usage.inMonth++;
  }
}
