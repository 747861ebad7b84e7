import { BackupError, backupDatabase, restoreDatabase } from '../db/backup.ts';
import { assertKeyMatches, sealedSecretsKeyId, secretsKeyFile } from '../webhooks/secret-box.ts';
import { maskDatabaseUrl, type Config } from '../config.ts';
import { postgresBackupMessage } from '../db/postgres/connection.ts';
import { required, type Command } from './command.ts';

const force = { type: 'boolean', description: 'replace what is there already' } as const;

export const backupCommand: Command = {
  words: ['backup'],
  summary: 'copy the database to a file, safely, even while the server runs',
  usage: 'booking-api backup --to FILE [--force]',
  options: {
    to: { type: 'string', description: 'the backup file to write (refused if it exists, unless --force)', placeholder: 'FILE' },
    force,
  },
  async run({ values, config, io, json }) {
    refuseOnPostgres(config);
    const copy = await backupDatabase(config.dataDir, required(values, 'to'), { force: values.force === true });
    if (json) io.out(JSON.stringify(copy));
    else {
      io.out(`Backed up the database to ${copy.file} (${formatBytes(copy.bytes)} in ${copy.durationMs} ms).`);
      io.out(
        `Its webhook secrets are encrypted with ${secretsKeyFile(config)}, which is not in the backup: ` +
          'keep a copy of that key file (apart from the backup); restoring needs it.',
      );
    }
  },
};

export const restoreCommand: Command = {
  words: ['restore'],
  summary: 'put a backup in place as the database; the server must be stopped',
  usage: 'booking-api restore --from FILE [--force]',
  options: {
    from: { type: 'string', description: 'a file made by "booking-api backup"; it is checked first', placeholder: 'FILE' },
    force: { type: 'boolean', description: 'replace an existing database (kept as booking.db.before-restore)' },
  },
  async run({ values, config, io, json }) {
    refuseOnPostgres(config);
    const from = required(values, 'from');
    const result = await restoreDatabase(config.dataDir, from, {
      force: values.force === true,
      // Refused before anything is replaced: a database whose secrets cannot be opened would not start.
      beforeRestore: (copy) => assertKeyMatches(config, sealedSecretsKeyId(copy), from),
    });
    if (json) {
      io.out(JSON.stringify(result));
      return;
    }
    io.out(`Restored ${result.file} as ${result.database} (${formatBytes(result.bytes)}).`);
    if (result.previous) io.out(`The database it replaced is kept as ${result.previous}.`);
  },
};

/** backup and restore copy the database file; PostgreSQL has its own tools for that. */
function refuseOnPostgres(config: Config): void {
  if (config.databaseUrl) throw new BackupError(postgresBackupMessage(maskDatabaseUrl(config.databaseUrl)));
}

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
