import { TOPIC_TABLES } from './database.ts';

/**
 * The statements both drivers recognise by their text to read the caches' versions once per
 * transaction (src/db/sqlite/dialect.ts, src/db/postgres/dialect.ts): the caches look at the
 * versions on every read inside a transaction, and a transaction that has not changed a cached
 * table since it last read them would read the same numbers again.
 */

/** A statement that changes a table some cache depends on (TOPIC_TABLES). */
export const CACHED_WRITE = new RegExp(
  `^\\s*(?:insert\\s+into|update|delete\\s+from)\\s+"?(?:${Object.values(TOPIC_TABLES).flat().join('|')})"?[\\s(]`,
  'i',
);

/** The one statement that reads the caches' versions (src/db/cache-versions.repository.ts). */
export const READ_VERSIONS = /^select "topic", "version" from "cache_versions"$/;

/** A rollback to a savepoint: it may undo a write to a cached table made after the versions were read. */
export const UNDOES_WORK = /^\s*rollback\s+to\b/i;
