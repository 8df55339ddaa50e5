/**
 * A tiny metrics registry: counters, gauges and histograms with labels, rendered in the
 * Prometheus text format. Series are created on first use; gauges may instead be read from a
 * callback at scrape time (values other modules already keep, such as cache sizes).
 */
import { familyHeader, sampleLine, type Labels } from './exposition.ts';

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

/** Default latency buckets in seconds (Prometheus client defaults, plus 20 s and 30 s for slow upstreams). */
export const DEFAULT_SECONDS_BUCKETS: readonly number[] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30];

interface Family {
  render(): string[];
}

/** Labelled series of one family, keyed by their values in label order. */
class SeriesMap<T> {
  private readonly series = new Map<string, { labels: Labels; value: T }>();

  constructor(
    private readonly name: string,
    private readonly labelNames: readonly string[],
    private readonly create: () => T,
  ) {
    // A family without labels has exactly one series: shown (as 0) before its first use.
    if (labelNames.length === 0) this.get({});
  }

  /** The series of these labels, created on first use. */
  get(labels: Labels): T {
    const values = this.valuesOf(labels);
    const key = JSON.stringify(values);
    let entry = this.series.get(key);
    if (entry === undefined) {
      const ordered = Object.fromEntries(this.labelNames.map((label, i) => [label, values[i] ?? '']));
      entry = { labels: ordered, value: this.create() };
      this.series.set(key, entry);
    }
    return entry.value;
  }

  /** The series of these labels if it exists (reading never creates a series). */
  find(labels: Labels): T | undefined {
    return this.series.get(JSON.stringify(this.valuesOf(labels)))?.value;
  }

  entries(): { labels: Labels; value: T }[] {
    return [...this.series.values()];
  }

  private valuesOf(labels: Labels): string[] {
    if (Object.keys(labels).length !== this.labelNames.length) throw new TypeError(`${this.name}: expected labels ${this.labelNames.join(', ')}`);
    return this.labelNames.map((label) => {
      const value = labels[label];
      if (value === undefined) throw new TypeError(`${this.name}: label ${label} missing`);
      return value;
    });
  }
}

export class Counter implements Family {
  private readonly values: SeriesMap<{ total: number }>;

  constructor(
    readonly name: string,
    private readonly help: string,
    labelNames: readonly string[],
  ) {
    this.values = new SeriesMap(name, labelNames, () => ({ total: 0 }));
  }

  inc(labels: Labels = {}, by = 1): void {
    if (!(by >= 0)) throw new RangeError(`${this.name}: a counter only goes up`);
    this.values.get(labels).total += by;
  }

  value(labels: Labels = {}): number {
    return this.values.find(labels)?.total ?? 0;
  }

  render(): string[] {
    const lines = familyHeader(this.name, this.help, 'counter');
    for (const { labels, value } of this.values.entries()) lines.push(sampleLine(this.name, labels, value.total));
    return lines;
  }
}

/** A gauge set by its owner, or read at scrape time from `collect` (label sets to values). */
export class Gauge implements Family {
  private readonly values: SeriesMap<{ current: number }>;

  constructor(
    readonly name: string,
    private readonly help: string,
    labelNames: readonly string[],
    private readonly collect?: () => readonly { labels: Labels; value: number }[],
  ) {
    this.values = new SeriesMap(name, labelNames, () => ({ current: 0 }));
  }

  set(labels: Labels, value: number): void {
    this.values.get(labels).current = value;
  }

  render(): string[] {
    const lines = familyHeader(this.name, this.help, 'gauge');
    if (this.collect) for (const { labels, value } of this.collect()) this.set(labels, value);
    for (const { labels, value } of this.values.entries()) lines.push(sampleLine(this.name, labels, value.current));
    return lines;
  }
}

interface HistogramSeries {
  /** Observations per bucket, not cumulative (made cumulative when rendered). */
  counts: number[];
  sum: number;
  count: number;
}

export class Histogram implements Family {
  private readonly values: SeriesMap<HistogramSeries>;
  private readonly buckets: readonly number[];

  constructor(
    readonly name: string,
    private readonly help: string,
    labelNames: readonly string[],
    buckets: readonly number[] = DEFAULT_SECONDS_BUCKETS,
  ) {
    if (labelNames.includes('le')) throw new TypeError(`${name}: le is reserved`);
    const sorted = [...new Set(buckets)].filter(Number.isFinite).sort((a, b) => a - b);
    if (sorted.length === 0) throw new TypeError(`${name}: at least one finite bucket`);
    this.buckets = sorted;
    this.values = new SeriesMap(name, labelNames, () => ({ counts: new Array<number>(sorted.length + 1).fill(0), sum: 0, count: 0 }));
  }

  observe(labels: Labels, value: number): void {
    const series = this.values.get(labels);
    let index = this.buckets.findIndex((bound) => value <= bound);
    if (index === -1) index = this.buckets.length; // only +Inf
    series.counts[index] = (series.counts[index] ?? 0) + 1;
    series.sum += value;
    series.count += 1;
  }

  render(): string[] {
    const lines = familyHeader(this.name, this.help, 'histogram');
    for (const { labels, value } of this.values.entries()) {
      let cumulative = 0;
      const bounds = [...this.buckets.map(String), '+Inf'];
      bounds.forEach((le, i) => {
        cumulative += value.counts[i] ?? 0;
        lines.push(sampleLine(`${this.name}_bucket`, { ...labels, le }, cumulative));
      });
      lines.push(sampleLine(`${this.name}_sum`, labels, value.sum));
      lines.push(sampleLine(`${this.name}_count`, labels, value.count));
    }
    return lines;
  }
}

export class MetricsRegistry {
  private readonly families = new Map<string, Family>();

  counter(name: string, help: string, labelNames: readonly string[] = []): Counter {
    return this.add(name, labelNames, new Counter(name, help, labelNames));
  }

  gauge(name: string, help: string, labelNames: readonly string[] = [], collect?: () => readonly { labels: Labels; value: number }[]): Gauge {
    return this.add(name, labelNames, new Gauge(name, help, labelNames, collect));
  }

  histogram(name: string, help: string, labelNames: readonly string[] = [], buckets?: readonly number[]): Histogram {
    return this.add(name, labelNames, new Histogram(name, help, labelNames, buckets));
  }

  /** The whole exposition, one family after the other, ending with a line feed. */
  render(): string {
    const lines: string[] = [];
    for (const family of this.families.values()) lines.push(...family.render());
    return `${lines.join('\n')}\n`;
  }

  private add<T extends Family>(name: string, labelNames: readonly string[], family: T): T {
    if (!METRIC_NAME.test(name)) throw new TypeError(`invalid metric name ${name}`);
    const bad = labelNames.find((label) => !LABEL_NAME.test(label) || label.startsWith('__'));
    if (bad !== undefined) throw new TypeError(`${name}: invalid label name ${bad}`);
    if (this.families.has(name)) throw new TypeError(`metric ${name} registered twice`);
    this.families.set(name, family);
    return family;
  }
}
