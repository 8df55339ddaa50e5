/**
 * `npm run soak`: the faults soak at full length. Builds the dashboard, then runs the soak journey
 * (e2e/soak.spec.ts) for SOAK_SECONDS (default 180) against the production server on the
 * simulator; the journey prints its figures (faults seen, errors shown, recovery times).
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { build } from 'vite';

const require = createRequire(import.meta.url);
const seconds = process.env.SOAK_SECONDS ?? '180';
if (!/^\d+$/.test(seconds) || Number(seconds) < 1) {
  console.error(`SOAK_SECONDS must be a whole number of seconds, got ${seconds}`);
  process.exit(2);
}

await build({ logLevel: 'warn' });
const result = spawnSync(process.execPath, [require.resolve('@playwright/test/cli'), 'test', 'e2e/soak.spec.ts', '--retries=0'], {
  stdio: 'inherit',
  env: { ...process.env, SOAK_SECONDS: seconds },
});
process.exit(result.status ?? 1);
