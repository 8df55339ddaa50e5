import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readEnvironment, simulatorOptionsFrom } from '../../config.ts';
import { createSimulator } from '../app.ts';
import { chooseCatalogUniverse, stockFeedInstruments } from './catalog.ts';

const folder = mkdtempSync(join(tmpdir(), 'chartroom-universe-'));
afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

describe('the universe a start chooses', () => {
  it('is the one .env.local names, which the catalogue’s fallback (process.env) does not read', { timeout: 60_000 }, () => {
    // Vitest's own environment says majors (vitest.config.ts); this start's variables do not name
    // one, and its .env.local says full.
    expect(process.env.SIM_UNIVERSE).toBe('majors');
    const { SIM_UNIVERSE: _fromVitest, ...variables } = process.env;
    writeFileSync(join(folder, '.env.local'), 'SIM_UNIVERSE=full\n');
    createSimulator(simulatorOptionsFrom(readEnvironment(variables, folder)));
    expect(stockFeedInstruments('US').length).toBeGreaterThanOrEqual(5_000);
  });

  it('cannot change once the catalogue is built', () => {
    expect(() => {
      chooseCatalogUniverse('majors');
    }).toThrow("the simulator's catalogue is already built with SIM_UNIVERSE=full, not majors");
  });
});
