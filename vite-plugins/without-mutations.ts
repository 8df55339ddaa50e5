/**
 * The app runs TanStack Query's queries, never a mutation, yet every QueryClient builds a
 * MutationCache, whose `build` names the Mutation class: 3.4 KB of the first page (≈1 KiB brotli)
 * for nothing. In the app's build the cache gets a Mutation that refuses to be made instead
 * (src/queries/no-mutations.ts), so the real one is left out. The dev server and the tests keep
 * the library whole. To use mutations, remove this plugin (vite.config.ts).
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

export const NO_MUTATIONS_MODULE = fileURLToPath(new URL('../src/queries/no-mutations.ts', import.meta.url));

const MUTATION_CACHE = /@tanstack[\\/]query-core[\\/]build[\\/]modern[\\/]mutationCache\.js$/;

/** The module `source` imported from `importer` resolves to: the refusing Mutation for the mutation cache's, else the usual. */
export function mutationStubFor(source: string, importer: string | undefined): string | undefined {
  return source === './mutation.js' && importer !== undefined && MUTATION_CACHE.test(importer) ? NO_MUTATIONS_MODULE : undefined;
}

export function withoutMutations(): Plugin {
  return {
    name: 'chartroom:without-mutations',
    apply: 'build',
    enforce: 'pre',
    resolveId: (source, importer) => mutationStubFor(source, importer),
  };
}
