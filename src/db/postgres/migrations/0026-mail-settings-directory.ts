import { sql, type Kysely } from 'kysely';

/** PostgreSQL's 0026 (src/db/sqlite/migrations/0026-mail-settings-directory.ts): mail_settings in the directory topic. */
export async function up(db: Kysely<any>): Promise<void> {
  for (const timing of ['insert', 'delete', 'update']) {
    await sql
      .raw(
        `create trigger mail_settings_${timing}_bumps_directory after ${timing} on mail_settings for each row execute function bump_cache_version('directory')`,
      )
      .execute(db);
  }
}
