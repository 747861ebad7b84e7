import { sql, type Kysely } from 'kysely';

/**
 * PostgreSQL's 0004 (src/db/migrations/0004-cache-versions.ts): one version per cache topic,
 * bumped by triggers on every change to what the topic covers, by any writer. Each bump also
 * NOTIFYs `booking_cache_versions` (delivered at commit, once per topic and transaction), which
 * is how every running server hears of a change made elsewhere (src/db/postgres/freshness.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table cache_versions (topic text primary key, version bigint not null);
    insert into cache_versions (topic, version) values ('keys', 0), ('webhooks', 0), ('directory', 0);

    drop trigger businesses_directory on businesses;
    drop trigger services_directory_insert on services;
    drop trigger services_directory_update on services;
    drop trigger staff_directory_insert on staff;
    drop trigger staff_directory_update on staff;
    drop trigger staff_services_directory_insert on staff_services;
    drop trigger staff_services_directory_delete on staff_services;
    drop function bump_directory_version();
    alter table businesses drop column directory_version;

    create function bump_cache_version() returns trigger language plpgsql as $$
    begin
      update cache_versions set version = version + 1 where topic = tg_argv[0];
      perform pg_notify('booking_cache_versions', tg_argv[0]);
      return null;
    end $$;
  `.execute(db);

  // last_used_at is written on every authenticated request and no cache reads it; the delivery
  // counters of webhooks change on every attempt and are read from the table directly.
  const keyColumns = 'business_id, name, key_hash, scopes, allowed_origins, status, expires_at, revoked_at, created_at, updated_at';
  const webhookColumns = 'business_id, api_key_id, events, status';
  const triggers: Array<[topic: string, table: string, timings: string[]]> = [
    ['keys', 'api_keys', ['insert', 'delete', `update of ${keyColumns}`]],
    ['webhooks', 'webhooks', ['insert', 'delete', `update of ${webhookColumns}`]],
    ['directory', 'businesses', ['insert', 'delete', 'update']],
    ['directory', 'services', ['insert', 'delete', 'update']],
    ['directory', 'staff', ['insert', 'delete', 'update']],
    ['directory', 'staff_services', ['insert', 'delete', 'update']],
  ];
  for (const [topic, table, timings] of triggers) {
    for (const timing of timings) {
      const name = `${table}_${timing.split(' ')[0]}_bumps_${topic}`;
      await sql
        .raw(`create trigger ${name} after ${timing} on ${table} for each row execute function bump_cache_version('${topic}')`)
        .execute(db);
    }
  }
}
