/**
 * Sequenced migrations of a saved state: each has an id and the version it brings a state to,
 * and they run in order from the saved version. Loaded on demand, only when a saved state is
 * older than its store (src/store/persisted-store.ts).
 */

export interface Migration {
  /** Stable and unique: names the step in tests and logs. */
  id: string;
  /** The version a state has after this step. */
  to: number;
  up(state: Record<string, unknown>): Record<string, unknown>;
}

export function asObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * A state saved at `version` (0: saved before versions, the shape of 1) brought through every
 * later step. Whatever comes out is validated by the store as any saved state is.
 */
export function runMigrations(migrations: readonly Migration[], persisted: unknown, version: number): unknown {
  let state = persisted;
  for (const migration of migrations) if (migration.to > version) state = migration.up(asObject(state));
  return state;
}
