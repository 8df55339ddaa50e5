import { describe, expect, it, vi } from 'vitest';
import { tickerSchema } from '../../src/api/quote-schemas.ts';
import { expectSameSchemas } from './same-schemas.test-support.ts';

vi.mock('../../src/api/schema.ts', () => import('./zod-mini-backend.ts'));
describe("the app's schemas on zod-mini", () => {
  it("accept the service's payloads and refuse broken ones", () => {
    // The backend in use is this one.
    expect('_zod' in tickerSchema).toBe(true);
    expectSameSchemas();
  });
});
