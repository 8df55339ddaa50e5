import { describe, expect, it } from 'vitest';
import { presetScreen, SCREEN_PRESETS } from '#shared/screener/screen-presets.ts';
import { screenProblems } from '#shared/screener/screen-schema.ts';
import type { Screen } from '#shared/screener/screen-model.ts';
import {
  addNode,
  draftOf,
  newGroup,
  newLeaf,
  readDraft,
  removeNode,
  setGroupJoin,
  setLeafField,
  setLeafKind,
  setUniverse,
  type DraftLeaf,
  type ScreenDraft,
} from './screen-draft';
import { inputName } from './screen-words';

const US = { market: 'US', type: 'stock' } as const;
const read = (draft: ScreenDraft) => readDraft(draft, inputName);

function firstLeaf(draft: ScreenDraft): DraftLeaf {
  const node = draft.items[0];
  if (!node || node.kind === 'group') throw new Error('no leaf');
  return node;
}

describe('the screen draft', () => {
  it.each(SCREEN_PRESETS)('reads preset %s back as the same screen', (preset) => {
    const screen = presetScreen(preset, US);
    expect(read(draftOf(screen)).screen).toEqual(screen);
  });

  it('reads every kind of condition, a group and a limit back as a valid screen', () => {
    const screen: Screen = {
      version: 1,
      universe: { market: 'HK', type: 'stock' },
      where: {
        kind: 'group',
        join: 'and',
        conditions: [
          { kind: 'field', field: 'pe', compare: { op: 'between', min: 5, max: 15.5 } },
          { kind: 'board', boards: ['Main Board', 'GEM'] },
          { kind: 'price-ma', period: 200, op: 'above' },
          {
            kind: 'group',
            join: 'or',
            conditions: [
              { kind: 'macd-cross', fast: 12, slow: 26, signal: 9, direction: 'up', within: 3 },
              { kind: 'new-extreme', side: 'low', days: 20 },
              { kind: 'volume-ratio', period: 20, min: 1.5 },
              { kind: 'atr-percent', period: 14, op: 'below', value: 2 },
            ],
          },
        ],
      },
      sort: { column: { kind: 'rsi', period: 14 }, direction: 'asc' },
      limit: 50,
    };
    const reading = read(draftOf(screen));
    expect(reading.screen).toEqual(screen);
    expect(screenProblems(reading.screen)).toEqual([]);
  });

  it('keeps the text as typed, key by key, and reads it only whole', () => {
    let draft = draftOf(presetScreen('top-gainers', US));
    const id = firstLeaf(draft).id;
    let typed = '';
    for (const key of '-1.') {
      typed += key;
      draft = setLeafField(draft, id, 'value', typed);
      expect(firstLeaf(draft).fields.value).toBe(typed);
    }
    // "-1." is a number being typed: read as −1, its text untouched.
    expect(read(draft).screen?.where.conditions[0]).toEqual({ kind: 'field', field: 'change-percent', compare: { op: 'above', value: -1 } });
    draft = setLeafField(draft, id, 'value', '-1.5');
    expect(firstLeaf(draft).fields.value).toBe('-1.5');
  });

  it('names a bad value at its field, in words, and keeps what was typed', () => {
    let draft = draftOf(presetScreen('oversold-rsi', US));
    const id = firstLeaf(draft).id;
    draft = setLeafField(draft, id, 'period', '0');
    draft = setLeafField(draft, id, 'value', 'abc');
    const reading = read(draft);
    expect(reading.screen).toBeUndefined();
    expect(reading.problems?.[id]?.period).toBe('Period must be a whole number from 1 to 500, not “0”.');
    expect(reading.problems?.[id]?.value).toBe('Value must be a number from 0 to 100, not “abc”.');
    expect(firstLeaf(draft).fields).toMatchObject({ period: '0', value: 'abc' });
  });

  it('asks for an empty field, refuses grouping and exponents', () => {
    let draft = draftOf(presetScreen('top-gainers', US));
    const id = firstLeaf(draft).id;
    expect(read(setLeafField(draft, id, 'value', '')).problems?.[id]?.value).toBe('Value: enter a number, like 5.');
    expect(read(setLeafField(draft, id, 'value', '1,000')).problems?.[id]?.value).toBe('Value must be a number, not “1,000”.');
    expect(read(setLeafField(draft, id, 'value', '1e3')).problems?.[id]?.value).toBe('Value must be a number, not “1e3”.');
    draft = setLeafField(draft, id, 'value', ' 2.5 ');
    expect(read(draft).screen?.where.conditions[0]).toMatchObject({ compare: { value: 2.5 } });
  });

  it('checks fields together: a range upside down, the same two averages, MACD fast not faster', () => {
    let draft = draftOf(presetScreen('top-gainers', US));
    const id = firstLeaf(draft).id;
    draft = setLeafField(draft, id, 'op', 'between');
    draft = setLeafField(setLeafField(draft, id, 'min', '5'), id, 'max', '1');
    expect(read(draft).problems?.[id]?.max).toBe('The upper end is below the lower end.');

    draft = setLeafKind(draft, id, 'ma-cross');
    draft = setLeafField(setLeafField(draft, id, 'fast', '50'), id, 'slow', '50');
    expect(read(draft).problems?.[id]?.slow).toBe('The two averages are the same: choose two periods.');

    draft = setLeafKind(draft, id, 'macd-cross');
    draft = setLeafField(setLeafField(draft, id, 'fast', '30'), id, 'slow', '26');
    expect(read(draft).problems?.[id]?.slow).toBe('The slow period must be longer than the fast one.');
  });

  it('reads 52w or 2–500 days for a new high, and a ratio above 0', () => {
    let draft = draftOf(presetScreen('new-52w-highs', US));
    const id = firstLeaf(draft).id;
    expect(read(draft).screen).toBeDefined();
    expect(read(setLeafField(draft, id, 'days', '1')).problems?.[id]?.days).toBe('Days must be a whole number from 2 to 500, not “1”.');
    expect(read(setLeafField(draft, id, 'days', '20')).screen?.where.conditions[0]).toEqual({ kind: 'new-extreme', side: 'high', days: 20 });
    draft = setLeafKind(draft, id, 'volume-ratio');
    expect(read(setLeafField(draft, id, 'min', '0')).problems?.[id]?.min).toBe('The ratio must be above 0.');
  });

  it('adds, removes and joins conditions and one level of groups', () => {
    let draft = draftOf(presetScreen('top-gainers', US));
    const group = newGroup('or');
    draft = addNode(draft, group);
    draft = addNode(draft, newLeaf('rsi'), group.id);
    draft = setGroupJoin(draft, undefined, 'or');
    const screen = read(draft).screen;
    expect(screen?.where.join).toBe('or');
    expect(screen?.where.conditions[1]).toMatchObject({ kind: 'group', join: 'or', conditions: [{ kind: 'field' }, { kind: 'rsi', period: 14 }] });

    // Emptied, the group is refused where it is; removed, the screen is whole again.
    const inner = draft.items[1];
    if (inner?.kind !== 'group') throw new Error('no group');
    let emptied = draft;
    for (const item of inner.items) emptied = removeNode(emptied, item.id);
    expect(read(emptied).problems?.[group.id]?.['']).toBe('A group needs at least one condition.');
    expect(read(removeNode(emptied, group.id)).screen?.where.conditions).toHaveLength(1);
  });

  it('keeps the type where the market trades it, else takes the market’s first', () => {
    const draft = draftOf(presetScreen('top-gainers', US));
    expect(setUniverse(draft, 'HK', 'stock')).toMatchObject({ market: 'HK', type: 'stock' });
    expect(setUniverse(draft, 'GLOBAL', 'stock')).toMatchObject({ market: 'GLOBAL', type: 'crypto' });
    expect(read({ ...draft, market: 'GLOBAL', type: 'stock' }).problems?.universe?.type).toBe('Choose a type this market has.');
  });

  it('refuses a limit that is not a whole number from 1 to 10000', () => {
    const draft = draftOf(presetScreen('top-gainers', US));
    expect(read({ ...draft, limit: '0' }).problems?.limit?.limit).toBe('Show at most must be a whole number from 1 to 10000, not “0”.');
    expect(read({ ...draft, limit: '' }).screen?.limit).toBeUndefined();
    expect(read({ ...draft, limit: '25' }).screen?.limit).toBe(25);
  });
});
