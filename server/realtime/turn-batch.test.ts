import { describe, expect, it } from 'vitest';
import { MAX_BATCH_MESSAGES, TurnBatch } from './turn-batch.ts';

const nextTurn = () =>
  new Promise<void>((resolve) => {
    setImmediate(resolve);
  });

describe('TurnBatch', () => {
  it('sends a turn of more than the most an array carries as full arrays and the rest', async () => {
    const written: string[] = [];
    const batch = new TurnBatch((frame) => written.push(frame.toString()));
    const texts = Array.from({ length: MAX_BATCH_MESSAGES + 2 }, (_, i) => `{"n":${String(i)}}`);
    for (const text of texts) batch.add(text);
    await nextTurn();
    expect(written.map((text) => (JSON.parse(text) as unknown[]).length)).toEqual([MAX_BATCH_MESSAGES, 2]);
    expect(written.flatMap((text) => JSON.parse(text) as unknown[])).toEqual(texts.map((text) => JSON.parse(text) as unknown));
  });

  it('copies the bytes a message was encoded to once, beside the ones it encodes, and sends a lone one as it was given', async () => {
    const written: (string | Buffer)[] = [];
    const batch = new TurnBatch((frame) => written.push(frame));
    const encoded = Buffer.from('{"cmd":"ticker","data":{"symbol":"700.HK","name":"騰訊控股"}}');
    batch.add('{"cmd":"ticker","data":{"symbol":"700.HK","name":"騰訊控股"}}', encoded);
    batch.add('{"cmd":"subscribe","code":0}');
    await nextTurn();
    expect(JSON.parse(written[0]?.toString() ?? '')).toEqual([
      { cmd: 'ticker', data: { symbol: '700.HK', name: '騰訊控股' } },
      { cmd: 'subscribe', code: 0 },
    ]);
    batch.add('{"cmd":"ticker"}', encoded);
    await nextTurn();
    expect(written[1]).toBe(encoded);
  });
});
