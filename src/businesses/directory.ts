import type { Database, VersionedCache } from '../db/database.ts';
import type { BusinessRow, ServiceRow } from '../db/tables.ts';
import type { Db, Tx } from '../db/transaction.ts';
import type { WeeklySchedule } from '../staff/schedule.ts';
import { directoryRows } from './businesses.repository.ts';

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
}

/**
 * Each business's directory in memory while the `directory` topic stands: database triggers bump
 * it on any change to a business, its services, staff or who does what, by any writer.
 */
export class BusinessDirectory {
  readonly #cache: VersionedCache<number, Directory>;

  constructor(database: Database) {
    this.#cache = database.cache(['directory']);
  }

  /** The directory of `businessId`, read through `db` when not in memory; undefined for no such business. */
  get(db: Db | Tx, businessId: number): Promise<Directory | undefined> {
    return this.#cache.get(businessId, db, () => load(db, businessId));
  }
}

async function load(db: Db | Tx, businessId: number): Promise<Directory | undefined> {
  const { business, services, staff, links } = await directoryRows(db, businessId);
  if (!business) return undefined;
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
  };
}

/** Active staff who perform `serviceId`; just `staffId` when given. */
export function staffFor(directory: Directory, serviceId: number, staffId?: number): StaffMember[] {
  return directory.staff.filter((s) => s.active && s.serviceIds.has(serviceId) && (staffId === undefined || s.id === staffId));
}
