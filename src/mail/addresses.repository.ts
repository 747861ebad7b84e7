import type { Db, Tx } from '../db/transaction.ts';
import type { Selectable } from 'kysely';
import type { MailAddressesTable } from '../db/tables.ts';

export type AddressState = Selectable<MailAddressesTable>;

/** Addresses are kept lower-cased and trimmed, as clients' e-mail addresses are matched. */
export function addressKey(address: string): string {
  return address.trim().toLowerCase();
}

export async function findAddressState(db: Db | Tx, businessId: number, address: string): Promise<AddressState | undefined> {
  return db
    .selectFrom('mail_addresses')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('address', '=', addressKey(address))
    .executeTakeFirst();
}

/** What is known of several addresses of a business, by address. */
export async function addressStates(db: Db | Tx, businessId: number, addresses: readonly string[]): Promise<Map<string, AddressState>> {
  const keys = [...new Set(addresses.map(addressKey))];
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom('mail_addresses')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('address', 'in', keys)
    .execute();
  return new Map(rows.map((row) => [row.address, row]));
}

async function upsert(
  trx: Tx,
  businessId: number,
  address: string,
  set: Partial<Omit<AddressState, 'business_id' | 'address'>>,
  now: number,
) {
  const values = {
    business_id: businessId,
    address: addressKey(address),
    refused_at: null,
    refused_reason: null,
    reminders_off_at: null,
    updated_at: now,
  };
  await trx
    .insertInto('mail_addresses')
    .values({ ...values, ...set, updated_at: now })
    .onConflict((oc) => oc.columns(['business_id', 'address']).doUpdateSet({ ...set, updated_at: now }))
    .execute();
}

/** Its mail server refused the address for good: nothing more goes to it. */
export function markRefused(trx: Tx, businessId: number, address: string, reason: string, now: number): Promise<void> {
  return upsert(trx, businessId, address, { refused_at: now, refused_reason: reason }, now);
}

/** The salon says the address works again (the client fixed it, or it was a passing fault). */
export function clearRefused(trx: Tx, businessId: number, address: string, now: number): Promise<void> {
  return upsert(trx, businessId, address, { refused_at: null, refused_reason: null }, now);
}

/** The client asked for no more reminders. */
export function turnRemindersOff(trx: Tx, businessId: number, address: string, now: number): Promise<void> {
  return upsert(trx, businessId, address, { reminders_off_at: now }, now);
}
