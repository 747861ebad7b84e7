import { backupStorage, restoreStorage } from '../db/backup.ts';
import { assertKeyMatches, sealedSecretsKeyId, secretsKeyFile } from '../secrets/secret-box.ts';
import { required, type Command } from './command.ts';

const force = { type: 'boolean', description: 'replace what is there already' } as const;

export const backupCommand: Command = {
  words: ['backup'],
  summary: 'copy the database to a file, safely, even while the server runs (PostgreSQL: with pg_dump)',
  usage: 'booking-api backup --to FILE [--force]',
  options: {
    to: { type: 'string', description: 'the backup file to write (refused if it exists, unless --force)', placeholder: 'FILE' },
    force,
  },
  async run({ values, config, io, json }) {
    const to = required(values, 'to');
    const copy = await backupStorage(config, to, { force: values.force === true });
    if (json) io.out(JSON.stringify(copy));
    else {
      io.out(
        `Backed up the database to ${copy.file}${config.databaseUrl ? ' (pg_dump -Fc)' : ''} (${formatBytes(copy.bytes)} in ${copy.durationMs} ms).`,
      );
      io.out(
        `Its webhook secrets are encrypted with ${secretsKeyFile(config)}, which is not in the backup: ` +
          'keep a copy of that key file (apart from the backup); restoring needs it.',
      );
    }
  },
};

export const restoreCommand: Command = {
  words: ['restore'],
  summary: 'put a backup in place as the database; the server must be stopped (PostgreSQL: with pg_restore)',
  usage: 'booking-api restore --from FILE [--force]',
  options: {
    from: { type: 'string', description: 'a file made by "booking-api backup"; it is checked first', placeholder: 'FILE' },
    force: {
      type: 'boolean',
      description: 'replace an existing database (kept as booking.db.before-restore; on PostgreSQL dropped: pg_restore --clean)',
    },
  },
  async run({ values, config, io, json }) {
    const from = required(values, 'from');
    const result = await restoreStorage(config, from, {
      force: values.force === true,
      // Refused before anything is replaced: a database whose secrets cannot be opened would not start.
      beforeRestore: (copy) => assertKeyMatches(config, sealedSecretsKeyId(copy), from),
    });
    if (json) {
      const { engine: _engine, ...shown } = result;
      io.out(JSON.stringify(shown));
      return;
    }
    if (result.engine === 'postgres') {
      io.out(`Restored ${result.file} into ${result.database} with pg_restore (${formatBytes(result.bytes)} in ${result.durationMs} ms).`);
      if (result.replaced) io.out('The tables that were there were replaced.');
      io.out(`Its webhook secrets need the key they were encrypted with at ${secretsKeyFile(config)}.`);
      return;
    }
    io.out(`Restored ${result.file} as ${result.database} (${formatBytes(result.bytes)}).`);
    if (result.previous) io.out(`The database it replaced is kept as ${result.previous}.`);
  },
};

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
