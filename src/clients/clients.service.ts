import { recordAudit, type AuditChange } from '../audit/record.ts';
import type { Updateable } from 'kysely';
import type { Clock } from '../clock.ts';
import { lockPair, type LockPair } from '../db/locks.ts';
import type { Db } from '../db/transaction.ts';
import type { ClientCheck, ClientRow, ClientsTable } from '../db/tables.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { Tx } from '../db/transaction.ts';
import type { Outbox } from '../delivery/outbox.ts';
import { errors } from '../http/errors.ts';
import { addressStates, clearRefused } from '../mail/addresses.repository.ts';
import { clientEventData, toClientJson } from './client.presenter.ts';
import {
  countClients,
  findClient,
  findClientByEmail,
  findOrInsertClientByEmail,
  lockClientIdentity,
  findClientsByPhone,
  insertClient,
  normaliseEmail,
  pageClients,
  phoneCountryOf,
  searchKeys,
  updateClient,
  type NewClient,
} from './clients.repository.ts';
import type clientCreateSchema from '../../schema/client-create.ts';
import type clientUpdateSchema from '../../schema/client-update.ts';
import type clientsQuerySchema from '../../schema/clients-query.ts';
import type { Valid } from '../http/validate.ts';
import { phoneKey } from '../text/search-keys.ts';

type Deps = { readonly clock: Clock; readonly outbox: Outbox };

/** What this feature's operations use of the application. */
export type ClientsDeps = Deps & { readonly db: Db };

export type ClientInput = Valid<typeof clientCreateSchema>;
export type ClientChanges = Valid<typeof clientUpdateSchema>;

export type ClientsQuery = Valid<typeof clientsQuerySchema>;

export async function adminClients(app: { readonly db: Db }, businessId: number, { page, limit, search }: ClientsQuery) {
  const country = await phoneCountryOf(app.db, businessId);
  const [rows, total] = await Promise.all([
    pageClients(app.db, businessId, (page - 1) * limit, limit, search, country),
    countClients(app.db, businessId, search, country),
  ]);
  const states = await addressStates(
    app.db,
    businessId,
    rows.flatMap((row) => row.email_normalized ?? []),
  );
  return { data: rows.map((row) => toClientJson(row, states)), total };
}

export async function adminClient(app: { readonly db: Db }, businessId: number, id: number) {
  const row = await findClient(app.db, businessId, id);
  if (!row) throw errors.notFound('Client');
  return toClientJson(row, await addressStates(app.db, businessId, row.email_normalized ? [row.email_normalized] : []));
}

/** Adds a client (client.created). The e-mail address must not belong to another client. */
export async function createClient(trx: Tx, app: Deps, businessId: number, input: ClientInput) {
  // The lock a booking's new client takes too: on PostgreSQL, requests run side by side, and the
  // second with the same address waits here, then finds the first's client (409, not a 500).
  if (input.email) await lockClientIdentity(trx, businessId, `email ${normaliseEmail(input.email)}`);
  if (input.email && (await findClientByEmail(trx, businessId, input.email))) throw emailTaken();
  try {
    const country = await phoneCountryOf(trx, businessId);
    const { row, created } = await insertNewClient(trx, app.outbox, businessId, input, app.clock.now(), country);
    await recordAudit(trx, created);
    return await adminClient({ db: trx }, businessId, row.id);
  } catch (error) {
    // A change of another client's address (PATCH) can still win the race.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/** Changes a client and fires client.updated naming the changed fields; no change, no event. */
export async function changeClient(trx: Tx, app: Deps, businessId: number, id: number, input: ClientChanges) {
  // The lock a booking's new client takes: on PostgreSQL a booking for a new client with this
  // address then either finds this client (it waited here) or has made its own first (this
  // change is refused, 409); without it the booking broke clients_email, a 500.
  if (input.email) await lockClientIdentity(trx, businessId, `email ${normaliseEmail(input.email)}`);
  try {
    const row = await findClient(trx, businessId, id);
    if (!row) throw errors.notFound('Client');
    const patch: Updateable<ClientsTable> = {};
    const changes: string[] = [];
    if (input.name !== undefined && input.name.trim() !== row.name) {
      patch.name = input.name.trim();
      changes.push('name');
    }
    if (input.email !== undefined && (input.email ?? null) !== row.email) {
      patch.email = input.email ?? null;
      patch.email_normalized = normaliseEmail(input.email);
      changes.push('email');
    }
    if (input.phone !== undefined && (input.phone ?? null) !== row.phone) {
      patch.phone = input.phone ?? null;
      changes.push('phone');
    }
    if (input.notes !== undefined && input.notes !== row.notes) {
      patch.notes = input.notes;
      changes.push('notes');
    }
    if (changes.length === 0) return adminClient({ db: trx }, businessId, id);
    const keys = searchKeys(
      patch.name ?? row.name,
      patch.phone === undefined ? row.phone : patch.phone,
      await phoneCountryOf(trx, businessId),
    );
    await updateClient(trx, id, { ...patch, ...keys, updated_at: app.clock.now() });
    const updated = (await findClient(trx, businessId, id))!;
    const target = { kind: 'client', id };
    await recordAudit(trx, { businessId, action: 'client.updated', target, before: clientFields(row), after: clientFields(updated) });
    await app.outbox.emitEvent(trx, businessId, 'client.updated', { ...clientEventData(updated), changes });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  return adminClient({ db: trx }, businessId, id);
}

/**
 * The salon says the client's e-mail address works again (they fixed their mailbox, or the refusal
 * was a passing fault): messages go to it again from now on.
 */
export async function clientEmailWorks(trx: Tx, app: Pick<Deps, 'clock'>, businessId: number, id: number) {
  const row = await findClient(trx, businessId, id);
  if (!row) throw errors.notFound('Client');
  if (!row.email) throw errors.conflict('no_email', 'This client has no e-mail address.');
  await clearRefused(trx, businessId, row.email, app.clock.now());
  await recordAudit(trx, { businessId, action: 'client.email_works', target: { kind: 'client', id }, after: { emailWorks: true } });
  return adminClient({ db: trx }, businessId, id);
}

/** A booking's client: the record it goes on, and why the salon should check it (null: nothing to check). */
export interface BookedClient {
  client: ClientRow;
  check: ClientCheck | null;
  /** A new client's audit entry (client.created), for the booking to record with its own in one statement. */
  created: AuditChange | null;
}

/**
 * The client a booking is for: the one with the same e-mail (or, without one, the same phone,
 * however written, read in the salon's `country`; of several, the one of that name), else a new client (client.created, in the booking's
 * transaction). Nothing a booking sends changes a known client's record; when it names someone
 * else there (another name, another phone), the booking is still put on that client but with a
 * check for the salon: same person, or a new client (docs/decisions.md).
 */
export async function clientForBooking(
  trx: Tx,
  outbox: Outbox,
  businessId: number,
  input: ClientInput,
  now: number,
  country: string | null,
  /** A lock to take first, with the client's in one statement (the booking's staff member: staffLock). */
  first?: LockPair,
): Promise<BookedClient> {
  const phone = phoneKey(input.phone, country);
  const identity = input.email ? `email ${normaliseEmail(input.email)}` : phone ? `phone ${phone}` : undefined;
  if (identity) await lockClientIdentity(trx, businessId, identity, first);
  else if (first) await lockPair(trx, ...first);
  if (input.email) {
    // Found or inserted in one statement on PostgreSQL.
    const { row, inserted } = await findOrInsertClientByEmail(trx, newClientRow(businessId, input, now, country));
    if (inserted) return { client: row, check: null, created: await clientCreated(trx, outbox, row) };
    return { client: row, check: sameDetails(input, row, phone) ? null : 'email', created: null };
  }
  const found = input.phone ? pickByName(await findClientsByPhone(trx, businessId, input.phone, country), input.name) : undefined;
  if (!found) {
    const { row, created } = await insertNewClient(trx, outbox, businessId, input, now, country);
    return { client: row, check: null, created };
  }
  return { client: found, check: sameDetails(input, found, phone) ? null : 'phone', created: null };
}

/** The client of several sharing a phone (a family) whose name was given, else the first. */
export function pickByName(clients: ClientRow[], name: string): ClientRow | undefined {
  return clients.find((c) => comparableName(c.name) === comparableName(name)) ?? clients[0];
}

/**
 * Whether what a booking gave could be the record's own words: the same name (in any case and
 * spacing) and, where both have one, the same phone however written (its key, `phone`). A detail
 * the record lacks is no conflict.
 */
function sameDetails(input: ClientInput, row: ClientRow, phone: string | null): boolean {
  if (comparableName(input.name) !== comparableName(row.name)) return false;
  if (phone && row.search_phone && phone !== row.search_phone) return false;
  return true;
}

function comparableName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** A new client of a booking's details, when the salon says it is not the client it was put on (client.created). */
export async function newClientFromBooking(
  trx: Tx,
  outbox: Outbox,
  businessId: number,
  details: { name: string; phone: string | null },
  now: number,
): Promise<ClientRow> {
  const country = await phoneCountryOf(trx, businessId);
  const { row, created } = await insertNewClient(
    trx,
    outbox,
    businessId,
    { name: details.name, email: null, phone: details.phone },
    now,
    country,
  );
  await recordAudit(trx, created);
  return row;
}

/** Inserts a client and emits client.created; its audit entry (`created`) is the caller's to record. */
async function insertNewClient(
  trx: Tx,
  outbox: Outbox,
  businessId: number,
  input: ClientInput,
  now: number,
  country: string | null,
): Promise<{ row: ClientRow; created: AuditChange }> {
  const row = await insertClient(trx, newClientRow(businessId, input, now, country));
  return { row, created: await clientCreated(trx, outbox, row) };
}

/** The row of a new client of these details. */
function newClientRow(businessId: number, input: ClientInput, now: number, country: string | null): NewClient {
  const [name, phone] = [input.name.trim(), input.phone?.trim() || null];
  return {
    business_id: businessId,
    name,
    email: input.email?.trim() || null,
    email_normalized: normaliseEmail(input.email),
    phone,
    ...searchKeys(name, phone, country),
    notes: input.notes ?? '',
    created_at: now,
    updated_at: now,
  };
}

/** A new client's client.created, and its audit entry for the caller to record. */
async function clientCreated(trx: Tx, outbox: Outbox, row: ClientRow): Promise<AuditChange> {
  await outbox.emitEvent(trx, row.business_id, 'client.created', clientEventData(row));
  return { businessId: row.business_id, action: 'client.created', target: { kind: 'client', id: row.id }, after: clientFields(row) };
}

/** What the audit trail keeps of a client's record (erasing the client clears these values there too). */
function clientFields(row: ClientRow) {
  return { name: row.name, email: row.email, phone: row.phone, notes: row.notes };
}

function emailTaken() {
  return errors.conflict('client_email_taken', 'Another client already has this e-mail address.');
}
