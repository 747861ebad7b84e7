import type { BackupStatus } from './backups/backup-status.ts';
import type { Database } from './db/database.ts';
import { operations, Reply } from './http/operations.ts';
import type { Clock } from './clock.ts';

const operation = operations<{
  readonly database: Database;
  readonly clock: Clock;
  readonly backupStatus: () => Promise<BackupStatus>;
}>();

/** One metric in Prometheus' text format: its help, its type, its samples. */
function metric(name: string, help: string, samples: Array<[labels: string, value: number]>): string {
  return [`# HELP ${name} ${help}`, `# TYPE ${name} gauge`, ...samples.map(([labels, value]) => `${name}${labels} ${value}`)].join('\n');
}

const seconds = (iso: string | null | undefined) => (iso ? Date.parse(iso) / 1000 : 0);

/**
 * GET /metrics, behind the admin token: what the overview says about backups (and that the server
 * is up), in Prometheus' text format, for monitoring that already scrapes it.
 */
export const METRICS_OPERATIONS = [
  operation({
    operationId: 'metrics',
    method: 'GET',
    path: '',
    summary: 'Prometheus metrics: up, database size, and whether backups are well',
    success: { status: 200, description: 'Prometheus text format 0.0.4.' },
    handle: async (_, app) => {
      const status = await app.backupStatus();
      const text = [
        metric('booking_up', 'The server answers (always 1 in an answer).', [['', 1]]),
        metric('booking_database_bytes', 'Size of the database on disk.', [['', await app.database.sizeBytes()]]),
        metric('booking_backup_ok', '1 when backups are well; 0 when the status page shows a backup warning.', [
          ['', status.state === 'ok' ? 1 : 0],
        ]),
        metric(
          'booking_backup_warning',
          'Each backup warning the status page shows, by code (none: no sample).',
          status.warnings.map((warning) => [`{code="${warning.code}"}`, 1]),
        ),
        metric('booking_backup_last_good_timestamp_seconds', 'When the last good backup was taken, Unix seconds (0: none yet).', [
          ['', seconds(status.lastGood?.at)],
        ]),
        metric('booking_backup_last_good_bytes', 'Size of the last good backup file (0: none yet).', [['', status.lastGood?.bytes ?? 0]]),
        metric('booking_backup_folder_free_bytes', 'Free space in the backup folder (-1: the folder cannot be found).', [
          ['', status.folder.freeBytes ?? -1],
        ]),
        metric('booking_backup_running', '1 while a backup is being taken.', [['', status.runningSince ? 1 : 0]]),
      ].join('\n');
      return new Reply(200, `${text}\n`, { 'Content-Type': 'text/plain; version=0.0.4; charset=utf-8' });
    },
  }),
];
