import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'eslint/**/*.test.ts',
      'shared/**/*.test.ts',
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'server/**/*.test.ts',
      'bench/**/*.test.ts',
      'vite-plugins/**/*.test.ts',
    ],
    environment: 'node',
    // The simulator's catalogue the tests are written against (server/sim/catalog/universe-setting.ts).
    env: { SIM_UNIVERSE: 'majors' },
    testTimeout: 20_000,
    setupFiles: ['./vitest.setup.ts'],
  },
});
