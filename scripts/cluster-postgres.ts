/**
 * The PostgreSQL of scripts/cluster.sh: Debian's binaries, a database in a temporary folder on a
 * free loopback port (server/test-support/postgres-server.ts), gone when it stops. Prints
 * `postgres ready <url>` for the script, and stops on SIGTERM or SIGINT.
 */
import { startTestPostgres } from '../server/test-support/postgres-server.ts';

const postgres = await startTestPostgres();
console.log(`postgres ready ${postgres.url}`);
const stop = (): void => {
  void postgres.stop().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
