/**
 * Puts the early-key holder (shared/early-keys-script.ts) first in the page's head, in development
 * and in the build: before the style sheet, which would hold a classic script back until it has
 * loaded (the charset declaration stays well inside the first 1024 bytes).
 */
import type { Plugin } from 'vite';
import { EARLY_KEYS_SCRIPT } from '#shared/early-keys-script.ts';

export function earlyKeysScript(): Plugin {
  return {
    name: 'chartroom-early-keys-script',
    transformIndexHtml: () => [{ tag: 'script', children: EARLY_KEYS_SCRIPT, injectTo: 'head-prepend' }],
  };
}
