/**
 * Runs `body` under React's own scheduling, as on the page: with the act environment off, React
 * commits, runs effects and renders in the tasks it schedules itself (under act() every pending
 * effect and render would be flushed before a test could look at what happens in between).
 * The environment is restored afterwards, whatever `body` does.
 */
export async function withReactScheduling(body: () => Promise<void> | void): Promise<void> {
  const environment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const before = environment.IS_REACT_ACT_ENVIRONMENT;
  environment.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    await body();
  } finally {
    environment.IS_REACT_ACT_ENVIRONMENT = before;
  }
}
