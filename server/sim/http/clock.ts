/**
 * The simulator's clock: real time by default, shifted to start at SIM_NOW, or frozen
 * (SIM_CLOCK=frozen) so tests see a fixed market state. Adjustable at run time.
 */
export interface ClockSettings {
  now: number;
  frozen: boolean;
}

export class SimClock {
  private origin: number;
  private startedAt: number;
  private frozen: boolean;

  constructor(
    settings: Partial<ClockSettings> = {},
    private readonly realNow: () => number = Date.now,
  ) {
    this.startedAt = realNow();
    this.origin = settings.now ?? this.startedAt;
    this.frozen = settings.frozen ?? false;
  }

  now(): number {
    return this.frozen ? this.origin : this.origin + (this.realNow() - this.startedAt);
  }

  get(): ClockSettings {
    return { now: this.now(), frozen: this.frozen };
  }

  set(settings: Partial<ClockSettings>): ClockSettings {
    const now = settings.now ?? this.now();
    this.startedAt = this.realNow();
    this.origin = now;
    this.frozen = settings.frozen ?? this.frozen;
    return this.get();
  }
}

/** Reads SIM_NOW (an ISO instant) and SIM_CLOCK (`frozen` or `live`). */
export function clockFromEnv(env: Readonly<Record<string, string | undefined>>): Partial<ClockSettings> {
  const settings: Partial<ClockSettings> = {};
  if (env.SIM_NOW) {
    const now = Date.parse(env.SIM_NOW);
    if (Number.isNaN(now)) throw new Error(`SIM_NOW is not an ISO instant: ${env.SIM_NOW}`);
    settings.now = now;
  }
  if (env.SIM_CLOCK) {
    if (env.SIM_CLOCK !== 'frozen' && env.SIM_CLOCK !== 'live') throw new Error('SIM_CLOCK must be frozen or live');
    settings.frozen = env.SIM_CLOCK === 'frozen';
  }
  return settings;
}
