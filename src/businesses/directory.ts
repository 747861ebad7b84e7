import type { BusinessRow, ServiceRow } from '../db/tables.ts';
import { afterCommit, type Db, type Tx } from '../db/transaction.ts';
import type { WeeklySchedule } from '../staff/schedule.ts';
import { directoryRows, directoryVersion } from './businesses.repository.ts';

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
  readonly version: number;
  readonly business: BusinessRow;
  /** Services not deleted, by id. */
  readonly services: ReadonlyMap<number, ServiceRow>;
  /** All staff, active or not, by id order. */
  readonly staff: readonly StaffMember[];
}

/**
 * Each business's directory in memory, keyed by the business's directory_version, which database
 * triggers bump on any change to the business, its services, staff or who does what (0002). So
 * one primary-key read tells whether the copy is current, whoever changed what, in this process or
 * another. A copy read inside a transaction is kept only once that transaction has committed.
 */
export class BusinessDirectory {
  readonly #entries = new Map<number, Directory>();

  async get(db: Db | Tx, businessId: number): Promise<Directory | undefined> {
    const version = await directoryVersion(db, businessId);
    if (version === undefined) return undefined;
    const cached = this.#entries.get(businessId);
    if (cached?.version === version) return cached;
    const fresh = await load(db, businessId, version);
    if (db.isTransaction) afterCommit(db as Tx, () => this.#entries.set(businessId, fresh));
    else this.#entries.set(businessId, fresh);
    return fresh;
  }
}

async function load(db: Db | Tx, businessId: number, version: number): Promise<Directory> {
  const { business, services, staff, links } = await directoryRows(db, businessId);
  const performed = new Map<number, Set<number>>(staff.map((s) => [s.id, new Set<number>()]));
  for (const link of links) performed.get(link.staff_id)?.add(link.service_id);
  return {
    version,
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
