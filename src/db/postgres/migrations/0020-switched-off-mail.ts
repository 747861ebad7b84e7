import { sql, type Kysely } from 'kysely';

/** PostgreSQL's 0020 (src/db/sqlite/migrations/0020-switched-off-mail.ts): the mail queue's `kind` gains 'switched_off'. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table mail_messages
      drop constraint mail_messages_kind_check,
      add constraint mail_messages_kind_check
        check (kind in ('booked', 'received', 'confirmed', 'moved', 'cancelled', 'reminder', 'switched_off'));
  `.execute(db);
}
