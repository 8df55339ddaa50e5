/**
 * src/api/schema.ts's API on zod 4's `zod/mini` (bench/validators.ts builds the app with this in its
 * place). Ours was written to zod mini's shape, so only the default differs in name.
 */
import { _default } from 'zod/mini';

export * from 'zod/mini';
export { _default as withDefault };
