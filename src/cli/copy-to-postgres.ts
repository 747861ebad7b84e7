import { copyDataDirToPostgres } from '../db/postgres/copy-data-dir.ts';
import { assertKeyMatches, sealedSecretsKeyId, secretsKeyFile } from '../secrets/secret-box.ts';
import { UsageError, type Command } from './command.ts';

export const copyToPostgresCommand: Command = {
  words: ['copy-to-postgres'],
  summary: "copy the salon's database file into an empty PostgreSQL database; the server must be stopped",
  usage: 'booking-api copy-to-postgres --data DIR --database-url URL (or BOOKING_DATABASE_URL)',
  options: {},
  async run({ config, io, json }) {
    if (!config.databaseUrl) throw new UsageError('name the PostgreSQL database to copy into: --database-url URL or BOOKING_DATABASE_URL');
    const key = secretsKeyFile(config);
    const copy = await copyDataDirToPostgres(config.dataDir, config.databaseUrl, {
      // Webhook secrets stay sealed with this key: refused now if it is not the one they need.
      checkSource: (file) => assertKeyMatches(config, sealedSecretsKeyId(file), file),
    });
    if (json) {
      io.out(JSON.stringify({ ...copy, secretsKeyFile: key }));
      return;
    }
    const width = Math.max(...copy.tables.map((t) => t.table.length));
    io.out(`Copied ${copy.source} into ${copy.target}: ${copy.rows} rows in ${copy.durationMs} ms.`);
    for (const { table, rows } of copy.tables) io.out(`  ${table.padEnd(width)}  ${rows}`);
    io.out(
      `Webhook secrets are still encrypted with ${key}: start the server on PostgreSQL with the same --data ` +
        '(or BOOKING_SECRETS_KEY_FILE pointing to that file, for every instance). The database file stays where it is.',
    );
  },
};
