import backupSettingsSchema from '../../schema/backup-settings.ts';
import { toIso, toIsoOrNull } from '../clock.ts';
import { BackupError } from '../db/errors.ts';
import type { Db } from '../db/transaction.ts';
import { AppError, errors } from '../http/errors.ts';
import { operations } from '../http/operations.ts';
import { recentRuns } from './backup-runs.repository.ts';
import { backupStatus } from './backup-status.ts';
import type { Backups, BackupsDeps, PreparedSettings, RunOutcome } from './backups.service.ts';

export type BackupsAppDeps = BackupsDeps & { readonly backups: Backups };

const operation = operations<BackupsAppDeps>();

const RECENT_RUNS = 10;

/** The overview, read in `db` (the request's transaction after a change, so it shows the change). */
async function overview(app: BackupsAppDeps, db: Db = app.database.db) {
  const [status, runs] = await Promise.all([backupStatus(app, app.backups, db), recentRuns(db, RECENT_RUNS)]);
  return {
    ...status,
    runs: runs.map((run) => ({
      status: run.status,
      reason: run.reason,
      startedAt: toIso(run.started_at),
      durationMs: run.finished_at - run.started_at,
      file: run.file,
      bytes: run.bytes,
      sha256: run.sha256,
      bookings: run.bookings,
      bookingsUpTo: toIsoOrNull(run.bookings_up_to),
      error: run.error,
      offsite: run.offsite,
      offsiteError: run.offsite_error,
    })),
  };
}

function runJson(outcome: RunOutcome) {
  const { startedAt, bookingsUpTo, ...rest } = outcome;
  return { ...rest, reason: 'manual', startedAt: toIso(startedAt), bookingsUpTo: toIsoOrNull(bookingsUpTo) };
}

/** The salon's backups: how they are, one now, and where they go and what opens them. */
export const backupAdminOperations = [
  operation({
    operationId: 'adminGetBackups',
    access: 'owner',
    method: 'GET',
    path: '/backups',
    summary: 'How backups are: the last good one, warnings in the salon’s words, the folder, the schedule, the latest runs',
    success: { status: 200, schema: 'BackupOverview' },
    handle: (_, app) => overview(app),
  }),
  operation({
    operationId: 'adminRunBackup',
    access: 'owner',
    method: 'POST',
    path: '/backups',
    summary: 'Take a backup now (or wait for the one running) and say how it went',
    description:
      'Answers once the backup is written, read back and checked, or failed: a failed backup is `status: "failed"` with a sentence in `error` (a full or missing folder, say), not an error status.',
    success: { status: 200, schema: 'BackupRun' },
    handle: async (_, app) => runJson(await app.backups.run('manual')),
  }),
  operation({
    operationId: 'adminUpdateBackupSettings',
    access: 'owner',
    method: 'PUT',
    path: '/backups/settings',
    summary: 'Choose the backup folder, set a backup passphrase, or say the backup code is written down',
    description: 'All of the body or none of it: a folder refused leaves the passphrase as it was, and the other way round.',
    body: backupSettingsSchema,
    success: { status: 200, schema: 'BackupOverview' },
    errors: [{ status: 409, description: 'The folder is set by the server’s configuration (BOOKING_BACKUP_DIR).' }],
    write: true,
    prepare: async ({ body }, app): Promise<PreparedSettings> => {
      if (body.folder !== undefined && app.config.backupDir) {
        throw new AppError(
          409,
          'backup_folder_fixed',
          'The backup folder is set in the server’s configuration (BOOKING_BACKUP_DIR); change it there.',
        );
      }
      const { folder, passphrase } = body;
      return {
        folder: folder === undefined ? undefined : await asValidation(async () => app.backups.checkFolder(folder), 'folder'),
        recipient:
          passphrase === undefined ? undefined : await asValidation(() => app.backups.passphraseRecipient(passphrase), 'passphrase'),
      };
    },
    handle: async ({ body, trx, prepared }, app) => {
      await app.backups.saveSettings(trx, prepared, body.codeWrittenDown === true);
      return overview(app, trx);
    },
  }),
];

/** A BackupError's sentence as a refusal of `field`. */
async function asValidation<T>(work: () => Promise<T>, field: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BackupError) throw errors.validation(error.message, field);
    throw error;
  }
}
