import { describe, expect, it } from 'vitest';
import { tickerSchema } from '../../src/api/quote-schemas.ts';
import { expectSameSchemas } from './same-schemas.test-support.ts';

describe("the app's schemas on ours", () => {
  it("accept the service's payloads and refuse broken ones", () => {
    // The backend in use is this one.
    expect('run' in tickerSchema).toBe(true);
    expectSameSchemas();
  });
});
