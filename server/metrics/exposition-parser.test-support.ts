/**
 * A strict reader of the Prometheus text format 0.0.4 for tests: every line must be a HELP, a
 * TYPE or a sample of the family last declared; label values are unescaped.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Exposition {
  types: Map<string, string>;
  help: Map<string, string>;
  samples: Sample[];
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)$`);
const LABEL = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\\\|\\"|\\n)*)"(,|$)/;

function parseValue(text: string): number {
  if (text === '+Inf') return Infinity;
  if (text === '-Inf') return -Infinity;
  if (text === 'NaN') return Number.NaN;
  if (!/^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(text)) throw new Error(`bad value ${text}`);
  return Number(text);
}

function unescape(value: string): string {
  return value.replace(/\\(\\|"|n)/g, (_, c: string) => (c === 'n' ? '\n' : c));
}

function parseLabels(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let rest = text;
  while (rest !== '') {
    const match = LABEL.exec(rest);
    if (!match?.[1] || match[2] === undefined) throw new Error(`bad labels ${text}`);
    labels[match[1]] = unescape(match[2]);
    rest = rest.slice(match[0].length);
  }
  return labels;
}

export function parseExposition(text: string): Exposition {
  if (!text.endsWith('\n')) throw new Error('exposition must end with a line feed');
  const result: Exposition = { types: new Map(), help: new Map(), samples: [] };
  let family: string | undefined;
  for (const line of text.slice(0, -1).split('\n')) {
    const help = new RegExp(`^# HELP (${NAME}) (.*)$`).exec(line);
    const type = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`).exec(line);
    if (help?.[1] !== undefined) {
      result.help.set(help[1], help[2] ?? '');
      family = help[1];
      continue;
    }
    if (type?.[1] !== undefined && type[2] !== undefined) {
      if (result.types.has(type[1])) throw new Error(`TYPE twice for ${type[1]}`);
      result.types.set(type[1], type[2]);
      family = type[1];
      continue;
    }
    // The format ignores empty lines (prom-client puts one between families).
    if (line === '') continue;
    const sample = SAMPLE.exec(line);
    if (!sample?.[1] || sample[3] === undefined) throw new Error(`unparseable line: ${line}`);
    const name = sample[1];
    const base = name.replace(/_(bucket|sum|count)$/, '');
    const familyType = family === undefined ? undefined : result.types.get(family);
    // A histogram's samples are _bucket, _sum and _count; a summary's its quantiles, _sum and _count.
    const ofFamily = base === family && (familyType === 'histogram' || (familyType === 'summary' && !name.endsWith('_bucket')));
    if (name !== family && !ofFamily) {
      throw new Error(`sample ${name} outside its family (${family ?? 'none'})`);
    }
    result.samples.push({ name, labels: parseLabels(sample[2] ?? ''), value: parseValue(sample[3]) });
  }
  return result;
}

/** The value of one sample (labels compared exactly), or undefined. */
export function sampleValue(exposition: Exposition, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = JSON.stringify(Object.entries(labels).sort());
  return exposition.samples.find((s) => s.name === name && JSON.stringify(Object.entries(s.labels).sort()) === wanted)?.value;
}
