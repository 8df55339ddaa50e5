import { defineConfig } from 'vitest/config';
import { chineseScriptDictsPlugin } from './vite-plugins/chinese-script-dicts.ts';

export default defineConfig({
  // The modules of src that import a virtual module need its plugin in the tests too.
  plugins: [chineseScriptDictsPlugin()],
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
