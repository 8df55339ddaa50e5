/**
 * The bench dist: the app built exactly as `npm run build` builds it (plus its manifest, for the
 * first-page bytes), then the bench pages added beside it by bench/vite.bench.config.ts.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { BENCH_DIST } from '../vite.bench.config.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export async function buildBenchDist(outDir: string = BENCH_DIST): Promise<string> {
  await build({ root, configFile: `${root}vite.config.ts`, logLevel: 'warn', build: { outDir, emptyOutDir: true, manifest: true } });
  await build({ root, configFile: `${root}bench/vite.bench.config.ts`, logLevel: 'warn', build: { outDir } });
  return outDir;
}
