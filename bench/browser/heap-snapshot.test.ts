import { describe, expect, it } from 'vitest';
import { countByConstructor, growingConstructors, type HeapSnapshot } from './heap-snapshot.ts';

/** A snapshot of the given [type, name] nodes (fields: type, name, id). */
function snapshot(nodes: [string, string][]): HeapSnapshot {
  const types = ['hidden', 'object', 'string', 'closure'];
  const strings: string[] = [];
  const index = (text: string) => (strings.includes(text) ? strings.indexOf(text) : strings.push(text) - 1);
  return {
    snapshot: { meta: { node_fields: ['type', 'name', 'id'], node_types: [types, 'string', 'number'] } },
    nodes: nodes.flatMap(([type, name], id) => [types.indexOf(type), index(name), id]),
    strings,
  };
}

describe('heap snapshot counts', () => {
  it('counts objects by constructor, leaving out strings and closures', () => {
    const counts = countByConstructor(snapshot([['object', 'Candle'], ['object', 'Candle'], ['object', 'Map'], ['string', 'Candle'], ['closure', 'Candle']]));
    expect(Object.fromEntries(counts)).toEqual({ Candle: 2, Map: 1 });
  });

  it('names the constructors that grew beyond the slack and the floor, largest first', () => {
    const before = new Map([['Candle', 1000], ['Quote', 100], ['Cache', 3]]);
    const after = new Map([['Candle', 1040], ['Quote', 400], ['Cache', 5], ['Leak', 50]]);
    expect(growingConstructors(before, after)).toEqual([
      { name: 'Quote', before: 100, after: 400 },
      { name: 'Leak', before: 0, after: 50 },
    ]);
  });
});
