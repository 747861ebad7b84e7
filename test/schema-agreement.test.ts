import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { TOPIC_TABLES } from '../src/db/database.ts';
import { openConfiguredDatabase } from '../src/db/open.ts';
import { DATABASE_FILE } from '../src/db/sqlite/connection.ts';
import { tempDataDir } from './helpers/app.ts';
import { freshTestDatabase, testingOnPostgres } from './helpers/postgres.ts';

/**
 * Each engine's migrations are written for it (docs/decisions.md), so the two could drift apart
 * without anyone noticing. This holds the schemas they make to each other: the same tables, the
 * same columns with the same kind of value and nullability, the same indexes over the same
 * columns, the same foreign keys and checks, and triggers that bump each cache topic on exactly
 * the tables TOPIC_TABLES names. What differs on purpose is listed, with why.
 */

interface Schema {
  tables: Set<string>;
  /** "table.column kind null|not null" */
  columns: Set<string>;
  /** "table(columns) unique? where?": the indexes made by CREATE INDEX or a UNIQUE constraint */
  indexes: Set<string>;
  /** "table(columns) -> table(columns)" */
  foreignKeys: Set<string>;
  /** "table.name" */
  checks: Set<string>;
  /** "topic table event": the writes that bump a topic */
  bumps: Set<string>;
  /** "table event": the writes a trigger may refuse with slot_unavailable (an overlap) */
  guards: Set<string>;
}

function emptySchema(): Schema {
  return {
    tables: new Set(),
    columns: new Set(),
    indexes: new Set(),
    foreignKeys: new Set(),
    checks: new Set(),
    bumps: new Set(),
    guards: new Set(),
  };
}

/** The kind of value a column holds, whatever each engine calls it. */
function kind(type: string): string {
  const t = type.toLowerCase();
  if (/^(integer|bigint|int|int4|int8|smallint)$/.test(t)) return 'whole number';
  if (/^(text|varchar|character varying.*)$/.test(t)) return 'text';
  if (/^(real|double precision|numeric|float.*)$/.test(t)) return 'number';
  if (/^(jsonb?|json)$/.test(t)) return 'text';
  return t;
}

/**
 * What differs on purpose. PostgreSQL refuses a booking that overlaps another of its staff member
 * with an exclusion constraint (bookings_slot_unavailable); SQLite, with one writer at a time, by
 * the triggers that also guard against holds (0002, 0007): both raise slot_unavailable, and the
 * tests of double bookings run on both engines.
 */
const ON_PURPOSE: Partial<Record<keyof Schema, { sqlite?: readonly string[]; postgres?: readonly string[] }>> = {
  checks: { postgres: ['bookings.bookings_slot_unavailable'] },
};

/** Tables only one engine has, on purpose: the migrator's own, and the shared rate windows only several servers need. */
const ENGINE_ONLY = new Set(['kysely_migration', 'kysely_migration_lock', 'rate_windows', 'rate_counters']);

function sqliteSchema(file: string): Schema {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    const schema = emptySchema();
    const tables = db.prepare("select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%'").all() as Array<{
      name: string;
      sql: string;
    }>;
    for (const { name, sql } of tables) {
      if (ENGINE_ONLY.has(name)) continue;
      schema.tables.add(name);
      for (const c of db.pragma(`table_info(${name})`) as Array<{ name: string; type: string; notnull: number; pk: number }>) {
        schema.columns.add(`${name}.${c.name} ${kind(c.type)} ${c.notnull || c.pk ? 'not null' : 'null'}`);
      }
      for (const index of db.pragma(`index_list(${name})`) as Array<{ name: string; unique: number; origin: string; partial: number }>) {
        if (index.origin === 'pk') continue;
        const columns = (db.pragma(`index_info(${index.name})`) as Array<{ name: string }>).map((c) => c.name).join(', ');
        schema.indexes.add(`${name}(${columns})${index.unique ? ' unique' : ''}${index.partial ? ' partial' : ''}`);
      }
      for (const fk of db.pragma(`foreign_key_list(${name})`) as Array<{ table: string; from: string; to: string }>) {
        schema.foreignKeys.add(`${name}(${fk.from}) -> ${fk.table}(${fk.to ?? 'id'})`);
      }
      for (const check of checksOf(name, sql)) schema.checks.add(`${name}.${check}`);
    }
    const triggers = db.prepare("select tbl_name as tableName, sql from sqlite_master where type = 'trigger'").all() as Array<{
      tableName: string;
      sql: string;
    }>;
    for (const { tableName, sql } of triggers) {
      const event = /\b(?:before|after)\s+(insert|delete|update)\b/i.exec(sql)?.[1]?.toLowerCase();
      if (sql.includes("'slot_unavailable'")) schema.guards.add(`${tableName} ${event}`);
      for (const match of sql.matchAll(/update cache_versions set version = version \+ 1 where topic = '(\w+)'/g)) {
        schema.bumps.add(`${match[1]} ${tableName} ${event}`);
      }
    }
    return schema;
  } finally {
    db.close();
  }
}

async function postgresSchema(url: string): Promise<Schema> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const schema = emptySchema();
    const { rows: columns } = await client.query<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>(
      "select table_name, column_name, data_type, is_nullable from information_schema.columns where table_schema = 'public'",
    );
    for (const c of columns) {
      if (ENGINE_ONLY.has(c.table_name)) continue;
      schema.tables.add(c.table_name);
      schema.columns.add(`${c.table_name}.${c.column_name} ${kind(c.data_type)} ${c.is_nullable === 'YES' ? 'null' : 'not null'}`);
    }
    // Indexes with their columns in order; a primary key's is the table's own, as in SQLite.
    const { rows: indexes } = await client.query<{ table_name: string; columns: string; unique: boolean; partial: boolean }>(
      `select t.relname as table_name, ix.indisunique as unique, ix.indpred is not null as partial,
              string_agg(a.attname, ', ' order by k.ordinality) as columns
       from pg_index ix
       join pg_class i on i.oid = ix.indexrelid
       join pg_class t on t.oid = ix.indrelid
       join pg_namespace n on n.oid = t.relnamespace and n.nspname = 'public'
       cross join lateral unnest(ix.indkey) with ordinality as k(attnum, ordinality)
       join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
       where not ix.indisprimary
         and not exists (select 1 from pg_constraint c where c.conindid = ix.indexrelid and c.contype = 'x')
       group by t.relname, i.relname, ix.indisunique, ix.indpred`,
    );
    for (const index of indexes) {
      if (ENGINE_ONLY.has(index.table_name)) continue;
      schema.indexes.add(`${index.table_name}(${index.columns})${index.unique ? ' unique' : ''}${index.partial ? ' partial' : ''}`);
    }
    const { rows: constraints } = await client.query<{ table_name: string; name: string; type: string; definition: string }>(
      `select t.relname as table_name, c.conname as name, c.contype as type, pg_get_constraintdef(c.oid) as definition
       from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_namespace n on n.oid = t.relnamespace and n.nspname = 'public'
       where c.contype in ('c', 'f', 'x')`,
    );
    for (const c of constraints) {
      if (ENGINE_ONLY.has(c.table_name)) continue;
      if (c.type === 'c' || c.type === 'x') schema.checks.add(`${c.table_name}.${c.name}`);
      const fk = /^FOREIGN KEY \((\w+)\) REFERENCES (\w+)\((\w+)\)/.exec(c.definition);
      if (fk) schema.foreignKeys.add(`${c.table_name}(${fk[1]}) -> ${fk[2]}(${fk[3]})`);
    }
    // bump_cache_version(topic) is called with the topic as the trigger's argument (0004).
    const { rows: triggers } = await client.query<{ table_name: string; topic: string; type: number }>(
      `select t.relname as table_name, rtrim(encode(g.tgargs, 'escape'), E'\\\\000') as topic, g.tgtype as type
       from pg_trigger g join pg_class t on t.oid = g.tgrelid join pg_proc p on p.oid = g.tgfoid
       where not g.tgisinternal and p.proname = 'bump_cache_version'`,
    );
    const { rows: guards } = await client.query<{ table_name: string; type: number }>(
      `select t.relname as table_name, g.tgtype as type
       from pg_trigger g join pg_class t on t.oid = g.tgrelid join pg_proc p on p.oid = g.tgfoid
       where not g.tgisinternal and p.prosrc like '%slot_unavailable%'`,
    );
    for (const { table_name, type } of guards) {
      for (const [bit, event] of [
        [4, 'insert'],
        [8, 'delete'],
        [16, 'update'],
      ] as const) {
        if (type & bit) schema.guards.add(`${table_name} ${event}`);
      }
    }
    for (const { table_name, topic, type } of triggers) {
      for (const [bit, event] of [
        [4, 'insert'],
        [8, 'delete'],
        [16, 'update'],
      ] as const) {
        if (type & bit) schema.bumps.add(`${topic} ${table_name} ${event}`);
      }
    }
    return schema;
  } finally {
    await client.end();
  }
}

/**
 * The CHECK constraints of a table as PostgreSQL names them: a named one by its name, one written
 * on a column as `<table>_<column>_check`, one written on the table (unnamed) as `<table>_check`.
 */
function checksOf(table: string, sql: string): string[] {
  const body = sql.slice(sql.indexOf('(') + 1, sql.lastIndexOf(')'));
  // The table's parts, split at commas outside parentheses.
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '(') depth++;
    else if (body[i] === ')') depth--;
    else if (body[i] === ',' && depth === 0) {
      parts.push(body.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(body.slice(start).trim());
  const checks: string[] = [];
  for (const part of parts) {
    const named = /^constraint\s+"?(\w+)"?\s+check\b/i.exec(part);
    if (named) checks.push(named[1]!);
    else if (/^check\b/i.test(part)) checks.push(`${table}_check`);
    else if (/\bcheck\s*\(/i.test(part)) checks.push(`${table}_${/^"?(\w+)"?/.exec(part)![1]}_check`);
  }
  return checks;
}

/** What a set has that the other has not, both ways, for one message. */
function difference(sqlite: Set<string>, postgres: Set<string>): { onlySqlite: string[]; onlyPostgres: string[] } {
  return {
    onlySqlite: [...sqlite].filter((x) => !postgres.has(x)).sort(),
    onlyPostgres: [...postgres].filter((x) => !sqlite.has(x)).sort(),
  };
}

describe('the schemas both engines migrate to', { skip: !testingOnPostgres() && 'runs in the PostgreSQL leg of npm test' }, () => {
  let sqlite: Schema;
  let postgres: Schema;

  before(async () => {
    const dataDir = tempDataDir();
    const url = await freshTestDatabase();
    const opened = await Promise.all([
      openConfiguredDatabase({ dataDir, databaseUrl: undefined }),
      openConfiguredDatabase({ dataDir, databaseUrl: url }),
    ]);
    await Promise.all(opened.map((database) => database.close()));
    sqlite = sqliteSchema(`${dataDir}/${DATABASE_FILE}`);
    postgres = await postgresSchema(url);
  });

  for (const part of ['tables', 'columns', 'indexes', 'foreignKeys', 'checks', 'guards'] as const) {
    it(`have the same ${part}, but for what differs on purpose`, () => {
      assert.deepEqual(difference(sqlite[part], postgres[part]), {
        onlySqlite: [...(ON_PURPOSE[part]?.sqlite ?? [])],
        onlyPostgres: [...(ON_PURPOSE[part]?.postgres ?? [])],
      });
    });
  }

  it('bump each cache topic on exactly the tables TOPIC_TABLES names, on both engines', () => {
    const expected = new Set(
      Object.entries(TOPIC_TABLES).flatMap(([topic, tables]) =>
        tables.flatMap((table) => ['insert', 'update', 'delete'].map((event) => `${topic} ${table} ${event}`)),
      ),
    );
    assert.deepEqual(difference(sqlite.bumps, expected), { onlySqlite: [], onlyPostgres: [] }, 'SQLite against TOPIC_TABLES');
    assert.deepEqual(difference(postgres.bumps, expected), { onlySqlite: [], onlyPostgres: [] }, 'PostgreSQL against TOPIC_TABLES');
  });
});
