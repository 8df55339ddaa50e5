/** The MA and EMA fields over the indicator list (and the picker's adds): periods of one kind, new instances and their ids. */
import type { IndicatorKind } from '#shared/indicators/kinds.ts';
import type { IndicatorInstance, IndicatorList } from '../../store/preferences-slice';

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
 * `list` with its `kind` instances set to `periods`, in the order typed ("5, 10, 20" reads back so,
 * and takes the moving averages' colours in that order, as Futu's MA slots do): one with a period
 * still asked for keeps its id and its own colour; the kind's places among the other kinds stay,
 * and the new ones follow the last of them (or the end).
 */
export function withPeriods(list: IndicatorList, kind: IndicatorKind, periods: readonly number[]): IndicatorList {
  const kept = new Map<number, IndicatorInstance>();
  for (const instance of list) {
    const period = instance.params.period ?? 20;
    if (instance.kind === kind && periods.includes(period) && !kept.has(period)) kept.set(period, instance);
  }
  const others = list.filter((instance) => instance.kind !== kind);
  const ordered: IndicatorList = [];
  for (const period of [...new Set(periods)]) {
    ordered.push(kept.get(period) ?? { id: newInstanceId([...kept.values(), ...ordered], kind), kind, params: { period } });
  }
  // The kind's places: where its kept instances stood, counted among the other kinds.
  const places = list.filter((instance) => instance.kind !== kind || [...kept.values()].includes(instance));
  const slots = places.flatMap((instance, at) => (instance.kind === kind ? [at] : []));
  if (slots.length === 0) return [...others, ...ordered];
  const result: IndicatorList = [];
  let next = 0;
  places.forEach((instance, at) => {
    if (instance.kind !== kind) result.push(instance);
    else if (at === slots.at(-1)) result.push(...ordered.slice(next));
    else result.push(ordered[next++] as IndicatorInstance);
  });
  return result;
}
