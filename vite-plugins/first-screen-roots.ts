/**
 * The modules the first screen grows from, relative to the project: vite.config.ts builds the
 * first screen's chunks from them (first-screen-chunks), and first-page-styles lists what they
 * import statically as the sources of the first page's utilities.
 */
export const FIRST_SCREEN_ROOTS = {
  /** The page's script. */
  boot: 'src/app/boot/boot.ts',
  /** Small modules that chunks loaded later share, kept in the boot's chunk (first-screen-chunks). */
  bootShared: ['src/lib/page-events.ts', 'src/app/offline/new-version.ts'],
  /** The app the boot imports. */
  app: 'src/main.tsx',
  /** The chart library's chunk (loaded by the early chart and the app alike). */
  chart: 'src/features/chart/chart-adapter.ts',
} as const;
