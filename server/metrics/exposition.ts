/**
 * The Prometheus text exposition format 0.0.4: escaping of HELP text and label values, sample
 * values, and one sample line. Pure functions, so the registry and its tests share them.
 */

export const EXPOSITION_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export type Labels = Readonly<Record<string, string>>;

/** HELP text: backslash and line feed escaped (quotes stay as they are). */
export function escapeHelp(text: string): string {
  return text.replaceAll('\\', '\\\\').replaceAll('\n', '\\n');
}

/** A label value: backslash, double quote and line feed escaped. */
export function escapeLabelValue(value: string): string {
  return value.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n');
}

/** A sample value as Go's strconv would write it: `+Inf`, `-Inf`, `NaN`, otherwise the shortest form. */
export function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

/** `name{a="1",b="2"} value` (no braces without labels); labels in the given order. */
export function sampleLine(name: string, labels: Labels, value: number): string {
  const pairs = Object.entries(labels).map(([label, text]) => `${label}="${escapeLabelValue(text)}"`);
  const selector = pairs.length === 0 ? name : `${name}{${pairs.join(',')}}`;
  return `${selector} ${formatValue(value)}`;
}

/** The `# HELP` and `# TYPE` header of one metric family. */
export function familyHeader(name: string, help: string, type: 'counter' | 'gauge' | 'histogram'): string[] {
  return [`# HELP ${name} ${escapeHelp(help)}`, `# TYPE ${name} ${type}`];
}
