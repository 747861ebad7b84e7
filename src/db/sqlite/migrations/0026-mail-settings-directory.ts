import { sql, type Kysely } from 'kysely';

/**
 * A salon's mail settings in the directory topic: whether it has a mail server of its own is read
 * from its directory in memory (Directory.ownMailServer) on every booking event, so a change to
 * mail_settings, by any writer, bumps the directory's version as a change to its staff does.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const bump = `update cache_versions set version = version + 1 where topic = 'directory';`;
  for (const timing of ['insert', 'delete', 'update']) {
    await sql.raw(`create trigger mail_settings_${timing}_bumps_directory after ${timing} on mail_settings begin ${bump} end`).execute(db);
  }
}
