import { describe, expect, it } from 'vitest';
import { bytesOf, countByConstructor, growingConstructors, growingKinds, type HeapSnapshot } from './heap-snapshot.ts';

/** A snapshot of the given [type, name, self size] nodes (fields: type, name, id, self_size). */
function snapshot(nodes: [string, string, number?][]): HeapSnapshot {
  const types = ['hidden', 'object', 'string', 'closure', 'code', 'concatenated string'];
  const strings: string[] = [];
  const index = (text: string) => (strings.includes(text) ? strings.indexOf(text) : strings.push(text) - 1);
  return {
    snapshot: { meta: { node_fields: ['type', 'name', 'id', 'self_size'], node_types: [types, 'string', 'number', 'number'] } },
    nodes: nodes.flatMap(([type, name, size = 0], id) => [types.indexOf(type), index(name), id, size]),
    strings,
  };
}

describe('heap snapshot counts', () => {
  it('counts objects by constructor, leaving out strings and closures', () => {
    const counts = countByConstructor(
      snapshot([
        ['object', 'Candle'],
        ['object', 'Candle'],
        ['object', 'Map'],
        ['string', 'Candle'],
        ['closure', 'Candle'],
      ]),
    );
    expect(Object.fromEntries(counts)).toEqual({ Candle: 2, Map: 1 });
  });

  it('sums bytes without compiled code, strings of any kind as one, and names what grew most', () => {
    const before = bytesOf(
      snapshot([
        ['object', 'Candle', 100],
        ['code', 'InstructionStream', 500],
        ['string', 'a', 10],
      ]),
    );
    const after = bytesOf(
      snapshot([
        ['object', 'Candle', 100],
        ['object', 'Candle', 100],
        ['code', 'InstructionStream', 900],
        ['string', 'a', 10],
        ['concatenated string', 'ab', 30],
      ]),
    );
    expect([before.code, before.rest, after.code, after.rest]).toEqual([500, 110, 900, 240]);
    expect(growingKinds(before, after)).toEqual([
      { kind: 'object:Candle', bytes: 100 },
      { kind: 'string', bytes: 30 },
    ]);
  });

  it('names the constructors that grew beyond the slack and the floor, largest first', () => {
    const before = new Map([
      ['Candle', 1000],
      ['Quote', 100],
      ['Cache', 3],
    ]);
    const after = new Map([
      ['Candle', 1040],
      ['Quote', 400],
      ['Cache', 5],
      ['Leak', 50],
    ]);
    expect(growingConstructors(before, after)).toEqual([
      { name: 'Quote', before: 100, after: 400 },
      { name: 'Leak', before: 0, after: 50 },
    ]);
  });
});
