/**
 * Writes a brotli and a gzip copy beside each script, style sheet and other text file of the
 * build, for the production server to send (server/precompressed-files.ts, server/static-files.ts).
 * index.html is left alone: the server stamps the data's clock into it on every load.
 */
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { isCompressible, precompressFile } from '../server/precompressed-files.ts';

export function precompressAssets(): Plugin {
  return {
    name: 'chartroom:precompress-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir;
      if (outDir === undefined) return;
      const files = Object.keys(bundle).filter(isCompressible);
      await Promise.all(files.map((file) => precompressFile(join(outDir, file))));
    },
  };
}
