import fs from 'node:fs';
import path from 'node:path';
import type { Dated } from './retention.ts';

/**
 * The backup folder: one file per backup, named for the moment it was taken (UTC), so names sort
 * by time, e.g. booking-2026-11-21T03-00-00.000Z.backup. A file gets that name only once it was
 * written, read back and checked; until then it is `….partial`, which no listing counts and the
 * next run clears.
 */
const NAME = /^booking-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})\.(\d{3})Z\.backup$/;
const PARTIAL = /^booking-.*\.backup\.partial$/;

export interface BackupFile extends Dated {
  readonly file: string;
  readonly bytes: number;
}

export function backupName(at: number): string {
  return `booking-${new Date(at).toISOString().replace(/:/g, '-')}.backup`;
}

/** When the backup named `name` was taken; undefined for any other file. */
export function timeOfName(name: string): number | undefined {
  const match = NAME.exec(name);
  if (!match) return undefined;
  const [, date, h, m, s, ms] = match;
  const at = Date.parse(`${date}T${h}:${m}:${s}.${ms}Z`);
  return Number.isNaN(at) ? undefined : at;
}

/** The backups in `dir`, oldest first; an empty list when it cannot be read. */
export function listBackups(dir: string): BackupFile[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .flatMap((name) => {
      const at = timeOfName(name);
      if (at === undefined) return [];
      const file = path.join(dir, name);
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      return stat?.isFile() ? [{ name, file, at, bytes: stat.size }] : [];
    })
    .sort((a, b) => a.at - b.at);
}

/** Removes what a run cut short (a crash, a full disk) left in `dir`; returns the names removed. */
export function clearPartials(dir: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const partial = names.filter((name) => PARTIAL.test(name));
  for (const name of partial) fs.rmSync(path.join(dir, name), { force: true });
  return partial;
}

/** What the salon's page says about a folder: is it there, how much room, is it on the data's own disk. */
export interface FolderState {
  readonly path: string;
  readonly exists: boolean;
  /** Bytes free for this user; null when the folder is missing. */
  readonly freeBytes: number | null;
  /** True when the folder is on the disk that holds the data itself (a disk failure takes both). */
  readonly sameDiskAsData: boolean | null;
}

export function folderState(dir: string, dataDir: string): FolderState {
  const stat = fs.statSync(dir, { throwIfNoEntry: false });
  if (!stat?.isDirectory()) return { path: dir, exists: false, freeBytes: null, sameDiskAsData: null };
  const data = fs.statSync(dataDir, { throwIfNoEntry: false });
  let freeBytes: number | null = null;
  try {
    const fsStat = fs.statfsSync(dir);
    freeBytes = fsStat.bavail * fsStat.bsize;
  } catch {}
  return { path: dir, exists: true, freeBytes, sameDiskAsData: data ? data.dev === stat.dev : null };
}

/** Flushes a folder's entries (a rename into it) to disk. */
export function syncFolder(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
