/**
 * The Mutation class TanStack Query's mutation cache gets in the app's build
 * (vite-plugins/without-mutations.ts): the app runs no mutations, and one made by mistake says why
 * it cannot run rather than failing somewhere inside the library. The cache calls it as
 * `new Mutation(…)`.
 */
export function Mutation(): never {
  throw new Error('This build leaves TanStack Query mutations out (vite-plugins/without-mutations.ts): remove that plugin to use useMutation.');
}
