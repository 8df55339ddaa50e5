import { describe, expect, it } from 'vitest';
import { MAX_BATCH_MESSAGES, TurnBatch } from './turn-batch.ts';

const nextTurn = () =>
  new Promise<void>((resolve) => {
    setImmediate(resolve);
  });

describe('TurnBatch', () => {
  it('sends a turn of more than the most an array carries as full arrays and the rest', async () => {
    const written: string[] = [];
    const batch = new TurnBatch((text) => written.push(text));
    const texts = Array.from({ length: MAX_BATCH_MESSAGES + 2 }, (_, i) => `{"n":${String(i)}}`);
    for (const text of texts) batch.add(text);
    await nextTurn();
    expect(written.map((text) => (JSON.parse(text) as unknown[]).length)).toEqual([MAX_BATCH_MESSAGES, 2]);
    expect(written.flatMap((text) => JSON.parse(text) as unknown[])).toEqual(texts.map((text) => JSON.parse(text) as unknown));
  });
});
