import { parseArgs } from 'node:util';
import { startPostgres } from '../helpers/postgres.ts';

/**
 * Which engine `npm run soak` and `npm run load` run the server on:
 *   (nothing)               SQLite in a temp data dir, as before
 *   --engine postgres       a throwaway PostgreSQL cluster (test/helpers/postgres.ts), a new database
 *   --database-url URL      that PostgreSQL database (it should be empty; prefer SOAK_DATABASE_URL:
 *                           a flag shows in ps)
 * SOAK_ENGINE and SOAK_DATABASE_URL do the same as the flags.
 */
export async function engineFromArgs(argv: string[] = process.argv.slice(2)): Promise<string | undefined> {
  const { values } = parseArgs({
    args: argv,
    options: { engine: { type: 'string' }, 'database-url': { type: 'string' } },
    strict: true,
  });
  const url = values['database-url'] ?? process.env.SOAK_DATABASE_URL;
  if (url) return url;
  const engine = values.engine ?? process.env.SOAK_ENGINE ?? 'sqlite';
  if (engine === 'sqlite') return undefined;
  if (engine !== 'postgres') throw new Error(`--engine takes sqlite or postgres, got "${engine}"`);
  const cluster = await startPostgres({ unref: true });
  return cluster.createDatabase(`soak_${process.pid}`);
}

/**
 * The server's environment for `databaseUrl` (none: SQLite). On PostgreSQL a restarted server
 * leaves the killed one's leases to run out (another instance might hold them; docs/scaling.md),
 * so the lease margin is short: the killed server's sends go out again within timeout + 1 s.
 */
export function engineEnv(databaseUrl: string | undefined): Record<string, string> {
  return databaseUrl ? { BOOKING_DATABASE_URL: databaseUrl, BOOKING_DELIVERY_LEASE_MARGIN_MS: '1000' } : {};
}
