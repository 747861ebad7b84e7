/**
 * What a copy of the database is, whichever engine made it: the shapes both engines' backup and
 * snapshot code return, kept below them so neither imports the other or the file that picks one.
 */

/** A backup written: where, how big, how long it took. */
export interface BackupCopy {
  file: string;
  bytes: number;
  durationMs: number;
}

/** What a database held at one moment: the same facts are read from the live database and from its copy. */
export interface Facts {
  readonly migrations: readonly string[];
  /** Rows of every table. */
  readonly rows: Readonly<Record<string, number>>;
  /** The largest value of the column asked for (when the newest booking was made, say); null when empty. */
  readonly newest: number | null;
}

/** A column whose largest value the snapshot reports: `{ table: 'bookings', column: 'created_at' }`. */
export interface NewestOf {
  readonly table: string;
  readonly column: string;
}

/** A verified copy at one moment: its file, and the facts it was checked against. */
export interface Snapshot extends Facts {
  readonly file: string;
  readonly bytes: number;
  readonly durationMs: number;
}
