/** The MA and EMA fields over the indicator list (and the picker's adds): periods of one kind, new instances and their ids. */
import type { IndicatorKind } from '#shared/indicators/kinds.ts';
import type { IndicatorList } from '../../store/preferences-slice';

/** An id for one more `kind` in `list`. */
export function newInstanceId(list: IndicatorList, kind: IndicatorKind): string {
  const taken = new Set(list.map((instance) => instance.id));
  let n = 1;
  while (taken.has(`${kind}-${String(n)}`)) n += 1;
  return `${kind}-${String(n)}`;
}

/** The periods of the `kind` instances (the MA and EMA fields), in list order. */
export function periodsOf(list: IndicatorList, kind: IndicatorKind): number[] {
  return list.filter((instance) => instance.kind === kind).map((instance) => instance.params.period ?? 20);
}

/**
 * `list` with its `kind` instances set to `periods`: one with a period still asked for keeps its
 * id, colour and place; the new ones follow the last of that kind (or the end).
 */
export function withPeriods(list: IndicatorList, kind: IndicatorKind, periods: readonly number[]): IndicatorList {
  const wanted = new Set(periods);
  const kept = list.filter((instance) => instance.kind !== kind || wanted.has(instance.params.period ?? 20));
  const have = new Set(periodsOf(kept, kind));
  const added: IndicatorList = [];
  for (const period of periods) {
    if (have.has(period)) continue;
    have.add(period);
    added.push({ id: newInstanceId([...kept, ...added], kind), kind, params: { period } });
  }
  const last = kept.map((instance) => instance.kind).lastIndexOf(kind);
  const at = last < 0 ? kept.length : last + 1;
  return [...kept.slice(0, at), ...added, ...kept.slice(at)];
}
