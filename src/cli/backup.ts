import { Backups, formatBytes } from '../backups/backups.service.ts';
import { backupFileOf, restoreBackup, withNewestOffsite } from '../backups/restore.ts';
import { looksSealed } from '../backups/backup-file.ts';
import { systemClock } from '../clock.ts';
import { backupStorage, restoreStorage } from '../db/backup.ts';
import { BackupError } from '../db/errors.ts';
import { silentLogger } from '../log.ts';
import { assertKeyMatches, sealedSecretsKeyId, secretsKeyFile } from '../secrets/secret-box.ts';
import { withDatabase, type Command, type RunArgs } from './command.ts';
import { askSecret } from './ask-secret.ts';

const force = { type: 'boolean', description: 'replace what is there already' } as const;

export const backupCommand: Command = {
  words: ['backup'],
  summary: 'take a backup now into the backup folder, as the schedule does; or copy the database to a file (--to)',
  usage: 'booking-api backup [--to FILE [--force]]',
  options: {
    to: {
      type: 'string',
      description:
        'instead: a plain copy of the database in FILE (not encrypted, without the secrets key; refused if FILE exists, unless --force)',
      placeholder: 'FILE',
    },
    force,
  },
  async run(args) {
    const { values } = args;
    if (typeof values.to === 'string' && values.to.trim() !== '') return plainCopy(args, values.to);
    const outcome = await withDatabase(args.config, async (database) => {
      const backups = new Backups({ config: args.config, database, clock: systemClock, logger: silentLogger });
      const result = await backups.run('manual');
      return { result, recipient: result.status === 'good' ? await backups.recipient() : undefined };
    });
    const { result } = outcome;
    if (args.json) args.io.out(JSON.stringify(result));
    if (result.status === 'failed') throw new BackupError(result.error ?? 'the backup failed');
    if (args.json) return;
    args.io.out(
      `Backed up to ${result.file} (${formatBytes(result.bytes!)}, ${result.bookings} bookings, in ${result.durationMs} ms); read back and checked.`,
    );
    args.io.out(
      outcome.recipient?.kdf.kind === 'code'
        ? 'It opens with the backup code shown in the page (Settings, Backups), and carries the webhook secrets key.'
        : 'It opens with the backup passphrase set in the page, and carries the webhook secrets key.',
    );
    if (result.removed.length > 0) args.io.out(`Removed by the retention rules: ${result.removed.join(', ')}.`);
  },
};

async function plainCopy({ values, config, io, json }: RunArgs, to: string): Promise<void> {
  const copy = await backupStorage(config, to, { force: values.force === true });
  if (json) {
    io.out(JSON.stringify(copy));
    return;
  }
  io.out(
    `Backed up the database to ${copy.file}${config.databaseUrl ? ' (pg_dump -Fc)' : ''} (${formatBytes(copy.bytes)} in ${copy.durationMs} ms).`,
  );
  io.out(
    `Its webhook secrets are encrypted with ${secretsKeyFile(config)}, which is not in the backup: ` +
      'keep a copy of that key file (apart from the backup); restoring needs it.',
  );
  io.out('This copy is not encrypted; "booking-api backup" without --to writes an encrypted backup that carries the key.');
}

export const restoreCommand: Command = {
  words: ['restore'],
  summary: 'put a backup back as the database, checked first; the server must be stopped',
  usage: 'booking-api restore --from FILE|FOLDER|s3 [--force]',
  options: {
    from: {
      type: 'string',
      description:
        'a backup file, a backup folder (its newest backup), or s3 (the newest in BOOKING_BACKUP_S3_URL); or a plain copy made by "backup --to"',
      placeholder: 'FILE',
    },
    force: {
      type: 'boolean',
      description: 'replace an existing database (kept as booking.db.before-restore; on PostgreSQL dropped: pg_restore --clean)',
    },
  },
  async run(args) {
    const { values, config } = args;
    const from = typeof values.from === 'string' && values.from.trim() !== '' ? values.from : undefined;
    if (!from) throw new BackupError('--from is required: a backup file or the backup folder');
    if (from === 's3') return withNewestOffsite(config, (file) => restoreSealed(args, file));
    const file = backupFileOf(from);
    if (!looksSealed(file)) return restorePlain(args, file);
    return restoreSealed(args, file);
  },
};

async function restoreSealed(args: RunArgs, file: string): Promise<void> {
  const { values, config, io } = args;
  const done = await restoreBackup(config, file, () => passphraseFor(args, file), { force: values.force === true });
  const { manifest, restored } = done;
  if (args.json) {
    const { engine: _engine, ...shown } = restored;
    io.out(
      JSON.stringify({
        ...shown,
        takenAt: manifest.createdAt,
        bookings: manifest.rows.bookings ?? 0,
        bookingsUpTo: manifest.bookingsUpTo,
        secretsKey: done.secretsKey,
        durationMs: done.durationMs,
      }),
    );
    return;
  }
  io.out(`Restored ${file} (taken ${manifest.createdAt}) as ${restored.database} in ${(done.durationMs / 1000).toFixed(1)} s.`);
  io.out(
    `It holds ${manifest.rows.bookings ?? 0} bookings${manifest.bookingsUpTo ? `, the newest made ${manifest.bookingsUpTo}` : ''}; anything made after ${manifest.createdAt} is not in it.`,
  );
  if ('previous' in restored && restored.previous) io.out(`The database it replaced is kept as ${restored.previous}.`);
  if (restored.engine === 'postgres' && restored.replaced) io.out('The tables that were there were replaced.');
  if (done.secretsKey) {
    io.out(
      `The webhook secrets key is back in ${done.secretsKey.file}${done.secretsKey.previous ? ` (the one it replaced is kept as ${done.secretsKey.previous})` : ''}.`,
    );
  }
}

/** The passphrase from BOOKING_BACKUP_PASSPHRASE, or asked for on the terminal. */
async function passphraseFor({ config }: RunArgs, file: string): Promise<string> {
  if (config.backupPassphrase) return config.backupPassphrase;
  return askSecret(`Backup code or passphrase for ${file}: `);
}

async function restorePlain({ values, config, io, json }: RunArgs, from: string): Promise<void> {
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
}
