import { toIso, toIsoOrNull } from '../clock.ts';
import type { ClientRow } from '../db/tables.ts';
import type { AddressState } from '../mail/addresses.repository.ts';
import { internationalOf } from '../text/search-keys.ts';

/** A client as the salon sees it, with what its mail knows of their address (`state`, by address). */
export function toClientJson(row: ClientRow, states: ReadonlyMap<string, AddressState> = new Map()) {
  const state = row.email_normalized === null ? undefined : states.get(row.email_normalized);
  const known = state && (state.refused_at !== null || state.reminders_off_at !== null);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    phoneInternational: internationalOf(row.search_phone),
    notes: row.notes,
    emailState: known
      ? {
          refusedAt: toIsoOrNull(state.refused_at),
          refusedReason: state.refused_reason,
          remindersOffAt: toIsoOrNull(state.reminders_off_at),
        }
      : null,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

/** The data of client.created and client.updated. */
export function clientEventData(row: ClientRow) {
  return {
    clientId: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}
