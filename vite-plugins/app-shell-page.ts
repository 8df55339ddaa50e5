/**
 * Writes app-shell.html beside index.html: the same built page, for the service worker to precache
 * and open offline (src/sw/service-worker.ts). The server sends it as it is, while it stamps the
 * data's clock and the chart's first history page into every index.html it sends
 * (server/static-files.ts): the shell a worker keeps must carry neither, or an offline visit would
 * replay a stale clock and stale prices as if they were the server's.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { APP_SHELL_PATH } from '../src/sw/worker-protocol.ts';

export const APP_SHELL_FILE = APP_SHELL_PATH.replace(/^\//, '');

export function appShellPage(): Plugin {
  return {
    name: 'chartroom:app-shell-page',
    apply: 'build',
    async writeBundle(options, bundle) {
      const page = bundle['index.html'];
      if (options.dir === undefined || page?.type !== 'asset') return;
      await writeFile(join(options.dir, APP_SHELL_FILE), page.source);
    },
  };
}
