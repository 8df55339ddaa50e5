/**
 * The bench pages (bench/pages/*.html), built with the project's own Vite config into the bench
 * dist after the app (bench/browser/build.ts builds the app there first, unchanged). A separate
 * pass on purpose: giving the app's build extra inputs would let Rolldown move lightweight-charts
 * and the chart adapter into chunks shared with these pages, so the first page measured would no
 * longer be the one shipped. The shipped `dist/` never sees these pages.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig, type ConfigEnv, type UserConfig, type UserConfigExport } from 'vite';
import projectConfig from '../vite.config.ts';

export const BENCH_DIST = process.env.CHARTROOM_BENCH_DIST ?? '/tmp/chartroom-bench-dist';

const page = (name: string) => fileURLToPath(new URL(`./pages/${name}`, import.meta.url));

/** The project's config whether it exports an object, a promise or a function of the command. */
export async function resolveProjectConfig(env: ConfigEnv): Promise<UserConfig> {
  const exported: UserConfigExport = projectConfig;
  if (typeof exported !== 'function') return exported;
  // The union of Vite's function shapes is not callable as such; every one takes the env.
  return (exported as (env: ConfigEnv) => UserConfig | Promise<UserConfig>)(env);
}

export default defineConfig(async (env) =>
  mergeConfig(await resolveProjectConfig(env), {
    root: fileURLToPath(new URL('..', import.meta.url)),
    publicDir: false,
    build: {
      outDir: BENCH_DIST,
      emptyOutDir: false,
      manifest: false,
      sourcemap: false,
      rolldownOptions: {
        input: {
          bare: page('bare.html'),
          bars100k: page('bars-100k.html'),
          workbench: page('workbench.html'),
          bareTable: page('bare-table.html'),
          bareSearch: page('bare-search.html'),
          bareLayout: page('bare-layout.html'),
          bareReplay: page('bare-replay.html'),
        },
      },
    },
  } satisfies UserConfig),
);
