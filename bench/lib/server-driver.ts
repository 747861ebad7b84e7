// The real server in this process (for profiling): like `booking-api serve`, plus the per-statement
// observer when BENCH_SQL_PROFILE is set, printed on SIGTERM. Prints its URL on stderr like serve.
import { loadConfig } from '../../src/config.ts';
import { startServer } from '../../src/server.ts';
import { sqlProfile } from './sql-profile.ts';

const profile = process.env.BENCH_SQL_PROFILE ? sqlProfile() : undefined;
const config = loadConfig(process.env, { data: process.argv[2], port: '0' });
const server = await startServer(config, { database: { onQuery: profile?.onQuery } });
process.stderr.write(`booking-api is running: the back office and the API at ${server.url}/ (bench)\n`);
process.on('SIGTERM', async () => {
  await server.stop();
  if (profile) process.stderr.write(`${profile.report()}\n`);
  process.exit(0);
});
