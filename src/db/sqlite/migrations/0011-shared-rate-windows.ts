import type { Kysely } from 'kysely';

/**
 * Rate-limit windows shared by several servers: PostgreSQL only (its 0011 makes rate_windows).
 * SQLite has one server per data dir, which counts in memory (src/http/rate-limit.ts), so this
 * migration changes nothing here; it exists to keep both engines' numbering the same.
 */
export async function up(_db: Kysely<any>): Promise<void> {}
