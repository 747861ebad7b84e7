import { findBusiness } from './businesses.repository.ts';
import type { Db } from '../db/transaction.ts';
import { existing, idOf } from '../http/operations.ts';

/** The :businessId of an admin path, known to exist (404 otherwise). */
export const BUSINESS_ID = existing(
  idOf('Business'),
  async (id, app: { readonly db: Db }) => (await findBusiness(app.db, id)) !== undefined,
);

/** The path of one business in the admin API. */
export const BUSINESS = '/businesses/:businessId';
