/**
 * Object counts by constructor from a V8 heap snapshot, and which of them grew between two
 * snapshots: the leak check of a live page (a JS heap that holds steady in bytes can still hide a
 * class whose instances pile up while others shrink).
 *
 * A snapshot is a flat array of nodes, `meta.node_fields.length` numbers each; a node's `type`
 * indexes `meta.node_types[0]` and its `name` indexes `strings`. An object node's name is its
 * constructor's.
 */
import type { CDPSession, Page } from 'playwright-core';

export interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: unknown[] } };
  nodes: number[];
  strings: string[];
}

/** Live objects per constructor name (type "object" nodes only: no strings, code or closures). */
export function countByConstructor(heap: HeapSnapshot): Map<string, number> {
  const fields = heap.snapshot.meta.node_fields;
  const stride = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const types = heap.snapshot.meta.node_types[0];
  const objectType = Array.isArray(types) ? types.indexOf('object') : -1;
  const counts = new Map<string, number>();
  for (let node = 0; node + stride <= heap.nodes.length; node += stride) {
    if (heap.nodes[node + typeAt] !== objectType) continue;
    const name = heap.strings[heap.nodes[node + nameAt] ?? -1] ?? '?';
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return counts;
}

/** Bytes of the snapshot: compiled code (V8's `code` nodes: JIT output, feedback, bytecode) and the rest, by kind. */
export interface HeapBytes {
  code: number;
  /** Everything else, per `type:name` (objects by constructor; strings of any kind as one). */
  byKind: Map<string, number>;
  rest: number;
}

const STRING_TYPES: ReadonlySet<string> = new Set(['string', 'concatenated string', 'sliced string']);

/**
 * Self sizes summed: JIT code growth is not a leak (issue 17), so the heap a page keeps is read
 * without it, and what grew is named by kind.
 */
export function bytesOf(heap: HeapSnapshot): HeapBytes {
  const fields = heap.snapshot.meta.node_fields;
  const stride = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const types = heap.snapshot.meta.node_types[0];
  const typeNames: string[] = Array.isArray(types) ? types.map(String) : [];
  const bytes: HeapBytes = { code: 0, byKind: new Map(), rest: 0 };
  for (let node = 0; node + stride <= heap.nodes.length; node += stride) {
    const type = typeNames[heap.nodes[node + typeAt] ?? -1] ?? '?';
    const size = heap.nodes[node + sizeAt] ?? 0;
    if (type === 'code') {
      bytes.code += size;
      continue;
    }
    bytes.rest += size;
    const kind = STRING_TYPES.has(type) ? 'string' : `${type}:${heap.strings[heap.nodes[node + nameAt] ?? -1] ?? '?'}`;
    bytes.byKind.set(kind, (bytes.byKind.get(kind) ?? 0) + size);
  }
  return bytes;
}

/** The kinds that gained the most bytes from `before` to `after`, largest first. */
export function growingKinds(before: HeapBytes, after: HeapBytes, top = 6): { kind: string; bytes: number }[] {
  return [...after.byKind]
    .map(([kind, size]) => ({ kind, bytes: size - (before.byKind.get(kind) ?? 0) }))
    .filter((growth) => growth.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, top);
}

export interface Growth {
  name: string;
  before: number;
  after: number;
}

/**
 * Constructors with more instances in `after` than in `before` by more than `slack` (a fraction,
 * with at least `floor` objects more: a cache filling from 3 to 5 entries is not a leak), largest
 * growth first.
 */
export function growingConstructors(before: ReadonlyMap<string, number>, after: ReadonlyMap<string, number>, slack = 0.05, floor = 20): Growth[] {
  const grown: Growth[] = [];
  for (const [name, count] of after) {
    const was = before.get(name) ?? 0;
    if (count - was > Math.max(floor, was * slack)) grown.push({ name, before: was, after: count });
  }
  return grown.sort((a, b) => b.after - b.before - (a.after - a.before));
}

/**
 * Makes Playwright's wrapper of every element of the page. Its locators run in a world of their
 * own, whose wrapper of an element, once made, lives as long as the element and counts in the JS
 * heap as an object of the element's class: one status read between two snapshots walked the
 * whole document and made hundreds (HTMLSpanElement 1 → 328, HTMLLIElement 1 → 26 on the default
 * screen, its DOM unchanged), read as growth. Called before every heap reading, the page's own
 * elements count alike in each, and only what the page keeps can grow.
 */
export async function wrapEveryElement(page: Page): Promise<void> {
  await page.locator('*').count();
}

/** The page's heap snapshot (after a forced GC), read over CDP. */
export async function takeHeapSnapshot(cdp: CDPSession): Promise<HeapSnapshot> {
  const chunks: string[] = [];
  const onChunk = ({ chunk }: { chunk: string }) => {
    chunks.push(chunk);
  };
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  try {
    await cdp.send('HeapProfiler.enable');
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  }
  return JSON.parse(chunks.join('')) as HeapSnapshot;
}
