import { describe, expect, it } from 'vitest';
import { Mutation } from '../src/queries/no-mutations.ts';
import { mutationStubFor, NO_MUTATIONS_MODULE } from './without-mutations.ts';

describe('withoutMutations', () => {
  const modern = '/repo/node_modules/@tanstack/query-core/build/modern';

  it("gives the mutation cache's import of Mutation the refusing stub, and no other import", () => {
    expect(mutationStubFor('./mutation.js', `${modern}/mutationCache.js`)).toBe(NO_MUTATIONS_MODULE);
    // The observer (useMutation's) and anything else keep the library's module.
    expect(mutationStubFor('./mutation.js', `${modern}/mutationObserver.js`)).toBeUndefined();
    expect(mutationStubFor('./query.js', `${modern}/queryClient.js`)).toBeUndefined();
    expect(mutationStubFor('./mutation.js', '/repo/src/features/mutation-panel.ts')).toBeUndefined();
    expect(mutationStubFor('./mutation.js', undefined)).toBeUndefined();
  });

  it('names the plugin when a mutation is made in such a build', () => {
    expect(() => {
      Reflect.construct(Mutation, [{}]);
    }).toThrow(/without-mutations\.ts/);
  });
});
