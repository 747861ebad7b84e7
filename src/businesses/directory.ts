import type { Database, VersionedCache } from '../db/database.ts';
import type { BusinessRow, ClosureRow, ServiceRow, TimeOffRow } from '../db/tables.ts';
import type { Db, Tx } from '../db/transaction.ts';
import type { WeeklySchedule } from '../time/schedule.ts';
import { businessIdOfSlug, directoryRows } from './businesses.repository.ts';
import { localDayBounds } from '../time/local-time.ts';

type Interval = readonly [number, number];

export interface StaffMember {
  readonly id: number;
  readonly name: string;
  readonly title: string | null;
  readonly active: boolean;
  readonly schedule: WeeklySchedule;
  readonly serviceIds: ReadonlySet<number>;
}

/** What a business offers and who works there: read for every slot search and booking. */
export interface Directory {
  readonly business: BusinessRow;
  /** Services not deleted, by id. */
  readonly services: ReadonlyMap<number, ServiceRow>;
  /** All staff, active or not, by id order. */
  readonly staff: readonly StaffMember[];
  /** Days the salon is closed, as instants in its time zone. */
  readonly closures: readonly Interval[];
  /** Each closure's note ("Weihnachten"), in the order of `closures`. */
  readonly closureNotes: readonly string[];
  /** Each staff member's time off, as instants. */
  readonly timeOff: ReadonlyMap<number, readonly Interval[]>;
  /**
   * Whether the business has a mail server of its own (a mail_settings row; its settings are read
   * from the table when a message is sent): every booking event asks, to queue its client's message
   * or keep it as skipped.
   */
  readonly ownMailServer: boolean;
}

/**
 * Each business's directory in memory while the `directory` topic stands: database triggers bump
 * it on any change to a business, its services, staff, who does what, time off, closures or mail
 * settings, by any writer.
 */
export class BusinessDirectory {
  readonly #cache: VersionedCache<number, Directory>;
  readonly #bySlug: VersionedCache<string, number>;

  constructor(database: Database) {
    this.#cache = database.cache(['directory']);
    this.#bySlug = database.cache(['directory']);
  }

  /** The business whose booking page has this short name (businesses.page_slug); undefined for none. */
  businessOfSlug(db: Db | Tx, slug: string): Promise<number | undefined> {
    return this.#bySlug.get(slug, db, () => businessIdOfSlug(db, slug));
  }

  /** The directory of `businessId`, read through `db` when not in memory; undefined for no such business. */
  get(db: Db | Tx, businessId: number): Promise<Directory | undefined> {
    return this.#cache.get(businessId, db, () => load(db, businessId));
  }
}

async function load(db: Db | Tx, businessId: number): Promise<Directory | undefined> {
  const { business, services, staff, links, timeOff, closures, ownMailServer } = await directoryRows(db, businessId);
  if (!business) return undefined;
  const zone = business.timezone;
  const away = new Map<number, Interval[]>();
  for (const row of timeOff) away.set(row.staff_id, [...(away.get(row.staff_id) ?? []), timeOffInterval(row, zone)]);
  const performed = new Map<number, Set<number>>(staff.map((s) => [s.id, new Set<number>()]));
  for (const link of links) performed.get(link.staff_id)?.add(link.service_id);
  return {
    business,
    services: new Map(services.map((s) => [s.id, s])),
    staff: staff.map((s) => ({
      id: s.id,
      name: s.name,
      title: s.title,
      active: s.active === 1,
      schedule: JSON.parse(s.schedule) as WeeklySchedule,
      serviceIds: performed.get(s.id)!,
    })),
    closures: closures.map((row) => closureInterval(row, zone)),
    closureNotes: closures.map((row) => row.note),
    timeOff: away,
    ownMailServer,
  };
}

/** Whole days run from local midnight to local midnight, in the business's zone as it is now. */
export function timeOffInterval(
  row: Pick<TimeOffRow, 'all_day' | 'start_date' | 'end_date' | 'start_at' | 'end_at'>,
  zone: string,
): Interval {
  if (row.all_day === 1) return [localDayBounds(row.start_date!, zone).start, localDayBounds(row.end_date!, zone).end];
  return [row.start_at, row.end_at];
}

export function closureInterval(row: Pick<ClosureRow, 'start_date' | 'end_date'>, zone: string): Interval {
  return [localDayBounds(row.start_date, zone).start, localDayBounds(row.end_date, zone).end];
}
