import { describe, expect, it } from 'vitest';
import { encodePush, type EncodedPush } from './push-frame.ts';
import { MAX_BATCH_MESSAGES, TurnBatch, TurnFrames } from './turn-batch.ts';

const textOf = (frame: string | EncodedPush) => (typeof frame === 'string' ? frame : frame.payload.toString());

const nextTurn = () =>
  new Promise<void>((resolve) => {
    setImmediate(resolve);
  });

describe('TurnBatch', () => {
  it('sends a turn of more than the most an array carries as full arrays and the rest', async () => {
    const written: string[] = [];
    const batch = new TurnBatch((frame) => written.push(textOf(frame)));
    const texts = Array.from({ length: MAX_BATCH_MESSAGES + 2 }, (_, i) => `{"n":${String(i)}}`);
    for (const text of texts) batch.add(text);
    await nextTurn();
    expect(written.map((text) => (JSON.parse(text) as unknown[]).length)).toEqual([MAX_BATCH_MESSAGES, 2]);
    expect(written.flatMap((text) => JSON.parse(text) as unknown[])).toEqual(texts.map((text) => JSON.parse(text) as unknown));
  });

  it('copies the bytes a message was encoded to once, beside the ones it encodes, and sends a lone one as it was given', async () => {
    const written: (string | EncodedPush)[] = [];
    const batch = new TurnBatch((frame) => written.push(frame));
    const text = '{"cmd":"ticker","data":{"symbol":"700.HK","name":"騰訊控股"}}';
    const encoded = encodePush(text);
    batch.add(text, encoded);
    batch.add('{"cmd":"subscribe","code":0}');
    await nextTurn();
    const [array] = written;
    if (array === undefined || typeof array === 'string') throw new Error('no encoded array');
    expect(JSON.parse(array.payload.toString())).toEqual([
      { cmd: 'ticker', data: { symbol: '700.HK', name: '騰訊控股' } },
      { cmd: 'subscribe', code: 0 },
    ]);
    // The whole frame: FIN and text opcode, the payload's length, the payload.
    expect([array.frame[0], array.frame[1]]).toEqual([0x81, array.payload.length]);
    expect(array.frame.subarray(2).equals(array.payload)).toBe(true);
    batch.add(text, encoded);
    await nextTurn();
    expect(written[1]).toBe(encoded);
  });

  it('builds the array of the same pushes in the same order once a turn for every browser, and apart for another order', async () => {
    const frames = new TurnFrames();
    const written: EncodedPush[][] = [[], [], []];
    const batches = written.map((into) => new TurnBatch((frame) => into.push(frame as EncodedPush), frames));
    const [a, b] = [encodePush('{"n":1}'), encodePush('{"n":2}')];
    batches[0]?.add('{"n":1}', a);
    batches[0]?.add('{"n":2}', b);
    batches[1]?.add('{"n":1}', a);
    batches[1]?.add('{"n":2}', b);
    batches[2]?.add('{"n":2}', b);
    batches[2]?.add('{"n":1}', a);
    await nextTurn();
    expect(written[0]?.[0]).toBe(written[1]?.[0]);
    expect(written[2]?.[0]?.payload.toString()).toBe('[{"n":2},{"n":1}]');
    // Other pushes of the same text are other pushes: their array is built for them.
    const [c, d] = [encodePush('{"n":1}'), encodePush('{"n":3}')];
    batches[0]?.add('{"n":1}', c);
    batches[0]?.add('{"n":3}', d);
    await nextTurn();
    expect(written[0]?.[1]?.payload.toString()).toBe('[{"n":1},{"n":3}]');
  });
});
