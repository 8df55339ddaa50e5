/**
 * Faults on demand: added latency, injected errors and malformed bodies, set at start from the
 * environment and switched at run time through the simulator's control path.
 */
import type { ErrorCode } from '#shared/contract.ts';
import { SimError } from './sim-error.ts';

export const INJECTABLE_CODES = [5000, 5001, 5002, 3001] as const;
export type InjectableCode = (typeof INJECTABLE_CODES)[number];

export interface FaultSettings {
  /** Milliseconds added before every /v1 answer. */
  latencyMs: number;
  /** Probability (0..1) that a request fails with one of `errorCodes`. */
  errorRate: number;
  errorCodes: InjectableCode[];
  /** Probability (0..1) that a successful answer's body is cut short (invalid JSON). */
  malformedRate: number;
  /** Seconds in Retry-After of injected 3001 answers. */
  retryAfterSeconds: number;
  /** Paths the faults apply to (empty: every /v1 path), e.g. to fail one panel only. */
  paths: string[];
}

export const NO_FAULTS: FaultSettings = {
  latencyMs: 0,
  errorRate: 0,
  errorCodes: [...INJECTABLE_CODES],
  malformedRate: 0,
  retryAfterSeconds: 2,
  paths: [],
};

export class FaultInjector {
  private settings: FaultSettings;

  constructor(
    initial: Partial<FaultSettings> = {},
    private readonly random: () => number = Math.random,
  ) {
    this.settings = { ...NO_FAULTS, ...initial };
  }

  get(): FaultSettings {
    return this.settings;
  }

  /** Replaces some settings; throws a message naming the bad field otherwise. */
  update(patch: unknown): FaultSettings {
    this.settings = { ...this.settings, ...parseFaultPatch(patch) };
    return this.settings;
  }

  reset(): FaultSettings {
    this.settings = { ...NO_FAULTS };
    return this.settings;
  }

  /** Whether the faults apply to `path`. */
  applies(path: string): boolean {
    return this.settings.paths.length === 0 || this.settings.paths.includes(path);
  }

  async delay(): Promise<void> {
    if (this.settings.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.settings.latencyMs));
  }

  /** An injected error for this request, if the dice say so. */
  injectedError(): SimError | undefined {
    const { errorRate, errorCodes, retryAfterSeconds } = this.settings;
    if (errorRate <= 0 || errorCodes.length === 0 || this.random() >= errorRate) return undefined;
    const code: ErrorCode = errorCodes[Math.floor(this.random() * errorCodes.length)] ?? 5000;
    if (code === 3001) return new SimError(3001, undefined, { headers: { 'Retry-After': String(retryAfterSeconds) } });
    return new SimError(code);
  }

  shouldMalform(): boolean {
    return this.settings.malformedRate > 0 && this.random() < this.settings.malformedRate;
  }
}

function rate(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1) throw new Error(`${name} must be a number from 0 to 1`);
  return value;
}

function nonNegative(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 600_000) {
    throw new Error(`${name} must be a number from 0 to 600000`);
  }
  return value;
}

export function parseFaultPatch(patch: unknown): Partial<FaultSettings> {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) throw new Error('fault settings must be a JSON object');
  const source = patch as Record<string, unknown>;
  const result: Partial<FaultSettings> = {};
  for (const [name, value] of Object.entries(source)) {
    switch (name) {
      case 'latencyMs':
        result.latencyMs = nonNegative(value, name);
        break;
      case 'errorRate':
        result.errorRate = rate(value, name);
        break;
      case 'malformedRate':
        result.malformedRate = rate(value, name);
        break;
      case 'retryAfterSeconds':
        result.retryAfterSeconds = Math.max(1, Math.round(nonNegative(value, name)));
        break;
      case 'paths': {
        if (!Array.isArray(value) || !value.every((path) => typeof path === 'string' && path.startsWith('/v1/'))) {
          throw new Error('paths must be a list of /v1/… paths');
        }
        result.paths = value as string[];
        break;
      }
      case 'errorCodes': {
        if (!Array.isArray(value) || !value.every((code) => (INJECTABLE_CODES as readonly unknown[]).includes(code))) {
          throw new Error(`errorCodes must be a list drawn from ${INJECTABLE_CODES.join(', ')}`);
        }
        result.errorCodes = value as InjectableCode[];
        break;
      }
      default:
        throw new Error(`unknown fault setting ${name}`);
    }
  }
  return result;
}

/** Reads fault settings from SIM_LATENCY_MS, SIM_ERROR_RATE, SIM_ERROR_CODES, SIM_MALFORMED_RATE. */
export function faultsFromEnv(env: Readonly<Record<string, string | undefined>>): Partial<FaultSettings> {
  const patch: Record<string, unknown> = {};
  if (env.SIM_LATENCY_MS) patch.latencyMs = Number(env.SIM_LATENCY_MS);
  if (env.SIM_ERROR_RATE) patch.errorRate = Number(env.SIM_ERROR_RATE);
  if (env.SIM_MALFORMED_RATE) patch.malformedRate = Number(env.SIM_MALFORMED_RATE);
  if (env.SIM_ERROR_CODES) patch.errorCodes = env.SIM_ERROR_CODES.split(',').map((code) => Number(code.trim()));
  return parseFaultPatch(patch);
}
