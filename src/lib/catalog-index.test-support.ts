/**
 * Test support (tests only): the catalogue index the server builds from the simulator, built
 * once per test file, as `GET /chartroom/catalog` would serve it.
 */
import type { CatalogIndex } from '#shared/catalog.ts';
import { createApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { CATALOG_PATH } from '#shared/catalog.ts';

let built: Promise<CatalogIndex> | undefined;

/** The simulator's catalogue index (2,815 instruments). */
export function simulatorCatalogIndex(): Promise<CatalogIndex> {
  built ??= (async () => {
    const { app } = createApp(loadConfig({}, { port: 0 }));
    const response = await app.request(CATALOG_PATH);
    if (!response.ok) throw new Error(`catalogue: HTTP ${String(response.status)}`);
    return (await response.json()) as CatalogIndex;
  })();
  return built;
}
