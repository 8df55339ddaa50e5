import { describe, expect, it } from 'vitest';
import { beats, mergeChange, mergeLists, reviseRecords, type RecordValue, type UserRecord } from './records.ts';

const values = (entries: Record<string, unknown>): Map<string, RecordValue> =>
  new Map(Object.entries(entries).map(([id, value]) => [id, { kind: id.split(':')[0] ?? id, value }]));

describe('reviseRecords', () => {
  it('gives a new value revision 1, a changed one the next, and a gone one a tombstone', () => {
    const first = reviseRecords(new Map(), values({ 'watchlist:us': ['A'], theme: 'dark' }), 'tab-a', 1000);
    expect(first.diff.added.map((r) => [r.id, r.rev])).toEqual([
      ['watchlist:us', 1],
      ['theme', 1],
    ]);

    const second = reviseRecords(first.records, values({ 'watchlist:us': ['A', 'B'] }), 'tab-b', 2000);
    expect(second.diff.updated).toEqual([
      [first.records.get('watchlist:us'), { id: 'watchlist:us', kind: 'watchlist', rev: 2, updatedAt: 2000, by: 'tab-b', value: ['A', 'B'] }],
    ]);
    expect(second.diff.removed).toEqual([{ id: 'theme', kind: 'theme', rev: 2, updatedAt: 2000, by: 'tab-b', deleted: true }]);
    expect(second.diff.added).toEqual([]);
  });

  it('changes nothing when the values are the same', () => {
    const first = reviseRecords(new Map(), values({ theme: 'dark' }), 'tab-a', 1000);
    const again = reviseRecords(first.records, values({ theme: 'dark' }), 'tab-a', 2000);
    expect(again.diff).toEqual({ added: [], updated: [], removed: [] });
    expect(again.records.get('theme')?.rev).toBe(1);
  });

  it('brings a deleted record back with the revision after its tombstone', () => {
    const first = reviseRecords(new Map(), values({ theme: 'dark' }), 'a', 1);
    const gone = reviseRecords(first.records, values({}), 'a', 2);
    const back = reviseRecords(gone.records, values({ theme: 'light' }), 'a', 3);
    expect(back.diff.added).toEqual([{ id: 'theme', kind: 'theme', rev: 3, updatedAt: 3, by: 'a', value: 'light' }]);
  });
});

const record = (rev: number, by: string, value: unknown, deleted?: true): UserRecord => ({
  id: 'watchlist:us',
  kind: 'watchlist',
  rev,
  updatedAt: rev,
  by,
  value,
  ...(deleted && { deleted }),
});

describe('mergeChange', () => {
  it('takes a change made on the revision held here', () => {
    const records = new Map([['watchlist:us', record(1, 'a', ['X'])]]);
    mergeChange(records, record(1, 'a', ['X']), record(2, 'b', ['X', 'Y']), {});
    expect(records.get('watchlist:us')).toEqual(record(2, 'b', ['X', 'Y']));
  });

  it('keeps a later local revision over an older change', () => {
    const records = new Map([['watchlist:us', record(3, 'a', ['Z'])]]);
    expect(mergeChange(records, record(1, 'a', ['X']), record(2, 'b', ['X', 'Y']), {})).toEqual({});
    expect(records.get('watchlist:us')).toEqual(record(3, 'a', ['Z']));
  });

  it('breaks a tie of revisions by tab, alike on both sides', () => {
    const base = record(1, 'a', ['X']);
    const [fromA, fromB] = [record(2, 'a', ['A']), record(2, 'b', ['B'])];
    const inA = new Map([['watchlist:us', fromA]]);
    const inB = new Map([['watchlist:us', fromB]]);
    mergeChange(inA, base, fromB, {});
    mergeChange(inB, base, fromA, {});
    expect(inA.get('watchlist:us')).toEqual(fromB);
    expect(inB.get('watchlist:us')).toEqual(fromB);
    expect(beats(fromB, fromA)).toBe(true);
  });

  it('combines concurrent edits of a mergeable kind into the same record in both tabs', () => {
    const merges = { watchlist: (b: unknown, w: unknown, l: unknown) => mergeLists(b as string[], w as string[], l as string[]) };
    const base = record(1, 'a', ['X']);
    const [fromA, fromB] = [record(2, 'a', ['X', 'A']), record(2, 'b', ['X', 'B'])];
    const inA = new Map([['watchlist:us', fromA]]);
    const inB = new Map([['watchlist:us', fromB]]);
    expect(mergeChange(inA, base, fromB, merges).combined).toBeDefined();
    mergeChange(inB, base, fromA, merges);
    expect(inA.get('watchlist:us')).toEqual(inB.get('watchlist:us'));
    expect(inA.get('watchlist:us')?.value).toEqual(['X', 'B', 'A']);
    expect(inA.get('watchlist:us')?.rev).toBe(3);
  });

  it('lets a tombstone delete the record it follows, and a stale copy not bring it back', () => {
    const records = new Map([['watchlist:us', record(1, 'a', ['X'])]]);
    mergeChange(records, undefined, record(2, 'b', undefined, true), {});
    expect(records.get('watchlist:us')?.deleted).toBe(true);
    mergeChange(records, undefined, record(1, 'c', ['X']), {});
    expect(records.get('watchlist:us')?.deleted).toBe(true);
  });
});

describe('mergeChange: a deletion against an edit', () => {
  const base = record(1, 'a', ['X']);
  // The editor's id is the greater: a tie of revisions alone would go to the edit.
  const deletion = record(2, 'a', undefined, true);
  const edit = record(2, 'b', ['X', 'Y']);
  const merges = { watchlist: (b: unknown, w: unknown, l: unknown) => mergeLists(b as string[], w as string[], l as string[]) };

  it.each([
    ['no merge', {}],
    ['a three-way merge', merges],
  ])('lets the deletion win over an edit made on the revision before it, whichever arrives first (%s)', (_, kindMerges) => {
    const deletedHere = new Map([['watchlist:us', deletion]]);
    expect(mergeChange(deletedHere, base, edit, kindMerges)).toEqual({});
    const editedHere = new Map([['watchlist:us', edit]]);
    mergeChange(editedHere, base, deletion, kindMerges);
    expect(deletedHere.get('watchlist:us')).toEqual(deletion);
    expect(editedHere.get('watchlist:us')).toEqual(deletion);
  });

  it('lets the deletion win over several edits made offline on the revision before it', () => {
    const offline = record(4, 'b', ['X', 'Y', 'Z']);
    const deletedHere = new Map([['watchlist:us', deletion]]);
    mergeChange(deletedHere, base, offline, {});
    const editedHere = new Map([['watchlist:us', offline]]);
    mergeChange(editedHere, base, deletion, {});
    expect(deletedHere.get('watchlist:us')).toEqual(deletion);
    expect(editedHere.get('watchlist:us')).toEqual(deletion);
  });

  it('lets a tab’s removal (sent without its base) win over the edit made here on the revision before it', () => {
    const editedHere = new Map([['watchlist:us', edit]]);
    mergeChange(editedHere, undefined, deletion, {});
    expect(editedHere.get('watchlist:us')).toEqual(deletion);
  });

  it('brings the record back with an edit made after the deletion (on it, or the record made again)', () => {
    const onDeletion = new Map([['watchlist:us', deletion]]);
    mergeChange(onDeletion, deletion, record(3, 'b', ['Y']), {});
    expect(onDeletion.get('watchlist:us')).toEqual(record(3, 'b', ['Y']));
    const madeAgain = new Map([['watchlist:us', deletion]]);
    mergeChange(madeAgain, undefined, record(3, 'b', ['Y']), {});
    expect(madeAgain.get('watchlist:us')).toEqual(record(3, 'b', ['Y']));
  });

  it('keeps the later revision against the revision of nothing (a first contact’s merge)', () => {
    const nothing: UserRecord = { id: 'watchlist:us', kind: 'watchlist', rev: 0, updatedAt: 0, by: '' };
    const records = new Map([['watchlist:us', record(1, 'b', ['X'])]]);
    mergeChange(records, nothing, record(2, 'a', undefined, true), {});
    expect(records.get('watchlist:us')?.deleted).toBe(true);
    const kept = new Map([['watchlist:us', record(3, 'b', ['X'])]]);
    mergeChange(kept, nothing, record(2, 'a', undefined, true), {});
    expect(kept.get('watchlist:us')).toEqual(record(3, 'b', ['X']));
  });
});

describe('mergeLists', () => {
  it("keeps both sides' additions and removals", () => {
    expect(mergeLists(['A', 'B', 'C'], ['A', 'B', 'C', 'D'], ['B', 'C', 'E'])).toEqual(['B', 'C', 'D', 'E']);
  });
  it('adds an item both sides added once', () => {
    expect(mergeLists([], ['A'], ['A'])).toEqual(['A']);
  });
});
