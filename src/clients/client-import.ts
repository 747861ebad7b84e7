import type clientImportSchema from '../../schema/client-import.ts';
import type { ClientRow } from '../db/tables.ts';
import type { Tx } from '../db/transaction.ts';
import { textProblem, type Valid } from '../http/validate.ts';
import { findClientByEmail, findClientsByPhone, normaliseEmail, phoneCountryOf } from './clients.repository.ts';
import { phoneKey } from '../text/search-keys.ts';
import { changeClient, type ClientChanges, type ClientsDeps, createClient, pickByName } from './clients.service.ts';

type ImportInput = Valid<typeof clientImportSchema>;
type Row = ImportInput['rows'][number];

/** What happens to one row: a new client, details added to a known one, or refused (and why). */
type Outcome =
  | { outcome: 'new'; client: { name: string; email: string | null; phone: string | null; notes: string } }
  | { outcome: 'merge'; record: ClientRow; changes: ClientChanges }
  | { outcome: 'refused'; reason: string };

/** A row as the answer says it. */
interface ImportedRow {
  readonly row: number;
  readonly outcome: Outcome['outcome'];
  readonly name: string;
  readonly clientId: number | null;
  readonly adds: string[];
  readonly reason: string | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[+0-9 ()./-]{3,50}$/;

/** The row's own problem, if it is not a client as the salon's records take one. */
function problemOf(name: string, email: string | null, phone: string | null, notes: string): string | undefined {
  // The rule of every name and note typed into the page (src/http/validate.ts), per row here.
  const text = (
    [
      ['the name', 'line', name],
      ['the e-mail address', 'line', email ?? ''],
      ['the phone number', 'line', phone ?? ''],
      ['the notes', 'multiline', notes],
    ] as const
  )
    .map(([what, kind, value]) => [what, textProblem(kind, value)] as const)
    .find(([, problem]) => problem);
  if (text) return `${text[0]} ${text[1]}`;
  if (!name.replace(/[\s\p{Default_Ignorable_Code_Point}\u2800]/gu, '')) return 'it has no name';
  if (name.length > 200) return 'the name is longer than 200 characters';
  if (email && (email.length > 254 || !EMAIL.test(email))) return `“${email}” is not an e-mail address`;
  if (phone && !PHONE.test(phone)) return `“${phone}” is not a phone number`;
  if (notes.length > 2000) return 'the notes are longer than 2000 characters';
  return undefined;
}

/** What a known client gains: an e-mail address or phone it lacks, notes it does not hold yet. */
function mergeChanges(record: ClientRow, email: string | null, phone: string | null, notes: string): ClientChanges | string {
  const changes: { email?: string; phone?: string; notes?: string } = {};
  if (email && !record.email) changes.email = email;
  if (phone && !record.phone) changes.phone = phone;
  if (notes && !record.notes.includes(notes)) changes.notes = record.notes ? `${record.notes}\n${notes}` : notes;
  if ((changes.notes?.length ?? 0) > 2000) return 'its notes and the client’s would be longer than 2000 characters';
  return changes;
}

/** What the rows so far were, and the salon's phone country the numbers are read in. */
interface Seen {
  readonly lines: Map<string, number>;
  readonly country: string | null;
}

async function outcomeOf(trx: Tx, businessId: number, row: Row, seen: Seen, line: number): Promise<Outcome> {
  const [name, email, phone, notes] = [row.name, row.email, row.phone, row.notes].map(
    (value) => value?.trim().replace(/\r\n/g, '\n') ?? '',
  );
  const problem = problemOf(name!, email || null, phone || null, notes!);
  if (problem) return { outcome: 'refused', reason: problem };
  const key = email
    ? `email ${normaliseEmail(email)}`
    : phone
      ? `phone ${phoneKey(phone, seen.country)} ${name!.toLowerCase()}`
      : `name ${name!.toLowerCase()}`;
  if (seen.lines.has(key)) return { outcome: 'refused', reason: `the same client as row ${seen.lines.get(key)}` };
  seen.lines.set(key, line);
  const record = email
    ? await findClientByEmail(trx, businessId, email)
    : phone
      ? pickByName(
          (await findClientsByPhone(trx, businessId, phone, seen.country)).filter((c) => c.name.toLowerCase() === name!.toLowerCase()),
          name!,
        )
      : undefined;
  if (!record) return { outcome: 'new', client: { name: name!, email: email || null, phone: phone || null, notes: notes! } };
  const changes = mergeChanges(record, email || null, phone || null, notes!);
  return typeof changes === 'string' ? { outcome: 'refused', reason: changes } : { outcome: 'merge', record, changes };
}

/**
 * A file of clients (read by the page: name, e-mail, phone, notes): each row a new client, merged
 * into the known client with its e-mail address (or its phone and name), or refused with the
 * reason. Without `apply`, only what would happen; with it, all of it in the request's one
 * transaction, so a failure leaves nothing half-imported. A merge adds what the record lacks and
 * never overwrites what it has.
 */
export async function importClients(trx: Tx, app: ClientsDeps, businessId: number, input: ImportInput) {
  const seen: Seen = { lines: new Map(), country: await phoneCountryOf(trx, businessId) };
  const rows: ImportedRow[] = [];
  for (const [i, row] of input.rows.entries()) {
    const outcome = await outcomeOf(trx, businessId, row, seen, i + 1);
    let clientId: number | null = outcome.outcome === 'merge' ? outcome.record.id : null;
    if (input.apply && outcome.outcome === 'new') clientId = (await createClient(trx, app, businessId, outcome.client)).id;
    if (input.apply && outcome.outcome === 'merge') await changeClient(trx, app, businessId, outcome.record.id, outcome.changes);
    rows.push({
      row: i + 1,
      outcome: outcome.outcome,
      name: outcome.outcome === 'new' ? outcome.client.name : outcome.outcome === 'merge' ? outcome.record.name : (row.name?.trim() ?? ''),
      clientId,
      adds: outcome.outcome === 'merge' ? Object.keys(outcome.changes) : [],
      reason: outcome.outcome === 'refused' ? outcome.reason : null,
    });
  }
  const count = (what: string) => rows.filter((r) => r.outcome === what).length;
  return { applied: input.apply, new: count('new'), merged: count('merge'), refused: count('refused'), rows };
}
