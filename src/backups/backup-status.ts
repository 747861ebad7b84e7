import fs from 'node:fs';
import { toIso, toIsoOrNull } from '../clock.ts';
import { backupsUnavailable } from '../db/backup.ts';
import { readSetting } from '../db/settings.repository.ts';
import type { Db } from '../db/transaction.ts';
import { folderState } from './backup-folder.ts';
import { lastGoodRun, recentRuns, type BackupRun } from './backup-runs.repository.ts';
import { type Backups, type BackupsDeps, fullFolder, missingFolder, SETTING } from './backups.service.ts';
import { recipientFromJson } from './recipient.ts';

/** A backup older than this is a warning: the salon would lose more than two days. */
export const STALE_AFTER_MS = 2 * 24 * 3600 * 1000;
const ROOM_MARGIN = 1024 * 1024;

export interface Warning {
  readonly code: string;
  readonly message: string;
}

/** What the page, /healthz (admin) and /metrics say about backups. */
export interface BackupStatus {
  readonly state: 'ok' | 'warning';
  readonly warnings: readonly Warning[];
  readonly lastGood: {
    readonly at: string;
    readonly file: string;
    readonly bytes: number;
    readonly sha256: string;
    readonly bookings: number;
    readonly bookingsUpTo: string | null;
    /** The file is still in its folder. */
    readonly present: boolean;
    /** Its copy in the S3-compatible bucket; null without one. */
    readonly offsite: string | null;
  } | null;
  /** The bucket folder good backups are copied to; null when none is configured. */
  readonly offsite: string | null;
  readonly lastRun: { readonly at: string; readonly status: 'good' | 'failed'; readonly error: string | null } | null;
  readonly runningSince: string | null;
  readonly schedule: { readonly cron: string; readonly nextAt: string | null };
  readonly folder: {
    readonly path: string;
    readonly chosenBy: 'configuration' | 'settings' | 'default';
    readonly exists: boolean;
    readonly freeBytes: number | null;
    readonly sameDiskAsData: boolean | null;
  };
  readonly keep: { readonly daily: number; readonly weekly: number; readonly monthly: number };
  /** What opens the backups made from now on: the generated backup code or the owner's passphrase (none yet: the code comes with the first backup). */
  readonly opensWith: 'code' | 'passphrase' | null;
  /** The backup code, while backups open with it (admin only: the page shows it to be written down). */
  readonly code: string | null;
  readonly codeWrittenDown: boolean;
}

/** The backup status as of now, with every warning in the salon's words (read in `db`: a request's transaction, say). */
export async function backupStatus(deps: BackupsDeps, backups: Backups, db: Db = deps.database.db): Promise<BackupStatus> {
  const { config, database, clock } = deps;
  const now = clock.now();
  const [good, runs, storedRecipient, code, confirmed, folder] = await Promise.all([
    lastGoodRun(db),
    recentRuns(db, 1),
    readSetting(db, SETTING.recipient),
    readSetting(db, SETTING.code),
    readSetting(db, SETTING.codeConfirmed),
    backups.folder(db),
  ]);
  const state = folderState(folder.path, config.dataDir);
  const opensWith = storedRecipient ? recipientFromJson(storedRecipient).kdf.kind : null;
  const lastGood = good
    ? {
        at: toIso(good.started_at),
        file: good.file!,
        bytes: good.bytes!,
        sha256: good.sha256!,
        bookings: good.bookings ?? 0,
        bookingsUpTo: toIsoOrNull(good.bookings_up_to),
        present: fs.existsSync(good.file!),
        offsite: good.offsite,
      }
    : null;
  const last = runs[0];
  const warnings = warningsOf({
    deps,
    good,
    last,
    present: lastGood?.present ?? false,
    folder: { ...state, chosenBy: folder.chosenBy },
    needed: (good?.bytes ?? (await database.sizeBytes())) + ROOM_MARGIN,
    now,
    codeUnconfirmed: opensWith === 'code' && confirmed !== '1',
    code,
  });
  return {
    state: warnings.length === 0 ? 'ok' : 'warning',
    warnings,
    lastGood,
    lastRun: last ? { at: toIso(last.started_at), status: last.status, error: last.error } : null,
    runningSince: toIsoOrNull(backups.runningSince ?? null),
    schedule: { cron: config.backupSchedule, nextAt: backups.nextRun?.toISOString() ?? null },
    folder: { ...state, chosenBy: folder.chosenBy },
    offsite: backups.offsiteUrl ?? null,
    keep: config.backupKeep,
    opensWith,
    code: opensWith === 'code' ? (code ?? null) : null,
    codeWrittenDown: opensWith === 'passphrase' || confirmed === '1',
  };
}

interface Facts {
  deps: BackupsDeps;
  good: BackupRun | undefined;
  last: BackupRun | undefined;
  present: boolean;
  folder: ReturnType<typeof folderState> & { chosenBy: string };
  needed: number;
  now: number;
  codeUnconfirmed: boolean;
  code: string | undefined;
}

function warningsOf(facts: Facts): Warning[] {
  const { deps, good, last, folder, now } = facts;
  const warnings: Warning[] = [];
  const add = (code: string, message: string) => warnings.push({ code, message });
  const unavailable = backupsUnavailable(deps.config);
  if (unavailable) add('backups_unavailable', `This server cannot back up its database: ${unavailable}.`);
  if (deps.config.backupSchedule === 'off') {
    add(
      'schedule_off',
      'Scheduled backups were switched off when the booking program was installed: back up by hand, or ask whoever installed it to switch them on.',
    );
  }
  if (!good) add('no_backup', 'There is no backup yet.');
  else if (now - good.started_at > STALE_AFTER_MS) {
    add('backup_old', `The last good backup is from ${toIso(good.started_at).slice(0, 16).replace('T', ' ')} UTC, more than two days ago.`);
  }
  if (good?.offsite_error) {
    add('offsite_failed', `The copy of the last backup off this computer failed: ${good.offsite_error}. The backup itself is good.`);
  }
  if (good && !facts.present) add('backup_missing', `The last good backup, ${good.file}, is no longer in its folder.`);
  if (last && last.status === 'failed') add('backup_failed', `The last backup failed: ${last.error}`);
  if (!folder.exists) add('folder_missing', missingFolder(folder.path));
  else if (folder.freeBytes !== null && folder.freeBytes < facts.needed)
    add('folder_full', fullFolder(folder.path, folder.freeBytes, facts.needed));
  if (folder.sameDiskAsData) {
    add(
      'same_disk',
      `Backups are kept on the same disk as the salon’s data (${folder.path}): if that disk fails or the computer is stolen, they are lost with it. ${
        folder.chosenBy === 'configuration'
          ? 'The folder was chosen when the booking program was installed; whoever installed it can change it.'
          : 'Choose a USB disk or a network folder in Settings.'
      }`,
    );
  }
  if (facts.codeUnconfirmed) {
    add(
      'code_not_written_down',
      'Write down the backup code (Settings, Backups) and keep it away from this computer: a backup cannot be opened without it.',
    );
  }
  return warnings;
}
