import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { envelopeCodeOfBody, noteEnvelopeCode, notedEnvelopeCode, peekEnvelopeCode } from './envelope-code.ts';

const JSON_TYPE = { 'Content-Type': 'application/json; charset=utf-8' };

describe('envelope codes for the request counter', () => {
  it('reads the leading code of an uncompressed JSON body and leaves the body whole', async () => {
    const body = JSON.stringify({ code: 2002, message: 'Symbol not found', data: 'x'.repeat(200_000) });
    const response = new Response(body, { headers: JSON_TYPE });
    expect(await peekEnvelopeCode(response)).toBe(2002);
    expect(await response.text()).toBe(body);
  });

  it('says nothing of compressed, non-JSON, codeless or empty answers', async () => {
    const envelope = JSON.stringify({ code: 0 });
    expect(await peekEnvelopeCode(new Response(new Uint8Array(gzipSync(envelope)), { headers: { ...JSON_TYPE, 'Content-Encoding': 'gzip' } }))).toBeUndefined();
    expect(await peekEnvelopeCode(new Response(envelope, { headers: { 'Content-Type': 'text/html' } }))).toBeUndefined();
    expect(await peekEnvelopeCode(new Response('{"message":"x","code":1}', { headers: JSON_TYPE }))).toBeUndefined();
    expect(await peekEnvelopeCode(new Response(null, { status: 204, headers: JSON_TYPE }))).toBeUndefined();
  });

  it('reads the code of a body held in memory under the same rules', () => {
    const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
    const type = JSON_TYPE['Content-Type'];
    expect(envelopeCodeOfBody(type, null, bytes(JSON.stringify({ code: 0, data: [] })))).toBe(0);
    expect(envelopeCodeOfBody(type, 'identity', bytes(' { "code" : 3001 }'))).toBe(3001);
    expect(envelopeCodeOfBody(type, 'gzip', new Uint8Array(gzipSync('{"code":0}')))).toBeUndefined();
    expect(envelopeCodeOfBody('text/html', null, bytes('{"code":0}'))).toBeUndefined();
    expect(envelopeCodeOfBody(null, null, bytes('{"code":0}'))).toBeUndefined();
    expect(envelopeCodeOfBody(type, null, bytes('{"message":"x","code":1}'))).toBeUndefined();
    expect(envelopeCodeOfBody(type, null, new Uint8Array(0))).toBeUndefined();
  });

  it('prefers what a module noted for the request', () => {
    const request = new Request('http://x.test/v1/market/kline');
    expect(notedEnvelopeCode(request)).toBeUndefined();
    noteEnvelopeCode(request, 0);
    expect(notedEnvelopeCode(request)).toBe(0);
  });
});
