/** Production entry: the built SPA, `/v1` (upstream or simulator), limits and graceful shutdown. */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createApp } from './app.ts';
import { createBufferedLog } from './buffered-log.ts';
import { describeMode, loadConfig, readEnvironment, type ServerConfig } from './config.ts';
import { firstPageOf } from './first-page.ts';
import { createHttpServer, listen } from './http-server.ts';
import { pageClockOf } from './page-clock.ts';
import { securityHeaderEntries } from './security-headers.ts';
import { closeGracefully } from './shutdown.ts';
import { mountStaticSite } from './static-files.ts';
import { workspaceDatabaseFrom } from './workspace/workspace-database.ts';

let config: ServerConfig;
try {
  config = loadConfig(readEnvironment(), { port: 8080 });
} catch (error) {
  // A configuration the server refuses (a public bind without AUTH_MODE, a bad value): one clear line.
  console.error(`chartroom: not starting: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
// One line per request: written in batches, not with one system call each on the request path.
const requestLog = createBufferedLog((text) => process.stdout.write(text));
process.on('exit', () => {
  requestLog.flush();
});
// The workspace's database (PGlite under DATA_DIR, or DATABASE_URL's PostgreSQL), opened and
// migrated by the first workspace request, except PGlite (below).
const workspace = workspaceDatabaseFrom(readEnvironment(), (line) => {
  console.log(line);
});
const {
  app,
  simulator,
  realtime,
  redis,
  workspace: workspaceRoutes,
  alerts,
} = createApp(config, requestLog.write, { production: true, env: readEnvironment(), ...(workspace && { workspace }) });
// PGlite is WebAssembly on this thread: opened by the first sync, it stalled every request for
// 5.3–5.8 s here (a fresh DATA_DIR, the first /chartroom/workspace taking 6.5–7 s), seconds more
// on a busy machine. Opened before the server listens, the start takes that time instead.
if (workspace?.kind === 'pglite') {
  console.log('chartroom: opening the workspace database (PGlite) before listening');
  await workspace.db().catch(() => undefined);
}
// The simulator's catalogue, built before listening rather than by the first request.
simulator?.warm();
// Alerts stored before this start are evaluated at once, with no browser needed to open the database.
if (workspace?.holdsData()) alerts?.start();
// CHARTROOM_DIST: another build folder (parallel test runs build into their own).
// The cold visit's first history page rides in index.html, asked of /v1 as the browser would ask it.
mountStaticSite(app, process.env.CHARTROOM_DIST ?? fileURLToPath(new URL('../dist', import.meta.url)), {
  clock: pageClockOf({ simulator }),
  firstPage: firstPageOf(app),
});

const server = createHttpServer(app.fetch, config.http, securityHeaderEntries({ contentSecurityPolicy: true }));
server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
  realtime.handleUpgrade(request, socket, head);
});
const address = await listen(server, config.host, config.port);
console.log(describeMode(config));
console.log(`chartroom: AUTH_MODE=${config.auth.mode}${config.auth.mode === 'none' ? ' (no sign-in: anyone reaching this address spends the key)' : ''}`);
console.log(`chartroom: listening on http://${config.host}:${String(address.port)}`);

let stopping = false;
function shutdown(signal: string): void {
  if (stopping) {
    // A second signal: stop waiting.
    console.log(`chartroom: ${signal} again, exiting now`);
    process.exit(1);
  }
  stopping = true;
  requestLog.flush();
  const graceSeconds = config.http.shutdownGraceMs / 1000;
  // Relayed WebSockets would hold the server open: close them (1001) alongside the HTTP side.
  void realtime.close().then(() => redis?.close());
  workspaceRoutes?.closeStreams();
  alerts?.stop();
  void workspace?.close();
  void closeGracefully(server, { graceMs: config.http.shutdownGraceMs }).then((clean) => {
    requestLog.flush();
    console.log(clean ? 'chartroom: closed' : `chartroom: requests still open after ${graceSeconds} s, closed them`);
    process.exit(clean ? 0 : 1);
  });
  console.log(`chartroom: ${signal}, not accepting connections; finishing requests in flight (at most ${graceSeconds} s)`);
}
process.on('SIGTERM', () => {
  shutdown('SIGTERM');
});
process.on('SIGINT', () => {
  shutdown('SIGINT');
});
