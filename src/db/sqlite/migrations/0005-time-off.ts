import { sql, type Kysely } from 'kysely';

/**
 * Time off (a staff member away for part of a day or whole days) and closures (days the whole
 * salon is shut). Both are read with the directory for every slot search, so triggers bump the
 * `directory` cache topic on any change, as 0004 does for staff and services.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('time_off')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id'))
    .addColumn('all_day', 'integer', (c) => c.notNull())
    // Whole days are kept as local dates, so they follow a change of the business's time zone;
    // a partial absence is an instant range. start_at/end_at are set either way (for queries).
    .addColumn('start_date', 'text')
    .addColumn('end_date', 'text')
    .addColumn('start_at', 'integer', (c) => c.notNull())
    .addColumn('end_at', 'integer', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .addCheckConstraint('time_off_times', sql`end_at > start_at`)
    .execute();
  await db.schema.createIndex('time_off_staff').on('time_off').columns(['staff_id', 'start_at']).execute();
  await db.schema.createIndex('time_off_business').on('time_off').column('business_id').execute();

  await db.schema
    .createTable('closures')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id'))
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .addCheckConstraint('closures_dates', sql`end_date >= start_date`)
    .execute();
  await db.schema.createIndex('closures_business').on('closures').columns(['business_id', 'start_date']).execute();

  const bump = `update cache_versions set version = version + 1 where topic = 'directory';`;
  for (const table of ['time_off', 'closures']) {
    for (const timing of ['insert', 'delete', 'update']) {
      await sql.raw(`create trigger ${table}_${timing}_bumps_directory after ${timing} on ${table} begin ${bump} end`).execute(db);
    }
  }
}
