import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse } from './envelope.ts';

describe('errorResponse', () => {
  it('builds a JSON envelope with an exact Content-Length and extra headers', async () => {
    const response = errorResponse(405, 2001, 'Invalid parameter: method POST not allowed', { Allow: 'GET' });
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(response.status).toBe(405);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('allow')).toBe('GET');
    expect(response.headers.get('content-length')).toBe(String(bytes.byteLength));
    expect(JSON.parse(new TextDecoder().decode(bytes))).toEqual({
      code: 2001,
      message: 'Invalid parameter: method POST not allowed',
    });
  });

  it('counts bytes, not characters', async () => {
    const response = jsonResponse(200, { message: 'é→' });
    expect(response.headers.get('content-length')).toBe(String((await response.arrayBuffer()).byteLength));
  });
});
