import type { AppContext } from '../app-context.ts';
import { findBusiness } from '../businesses/businesses.repository.ts';
import { errors } from '../http/errors.ts';
import { idParam, type Ctx } from '../http/state.ts';

/** The :businessId of an admin path, known to exist (404 otherwise). */
export async function businessIdOf(app: Pick<AppContext, 'db'>, ctx: Ctx): Promise<number> {
  const id = idParam(ctx.params.businessId, 'Business');
  if (!(await findBusiness(app.db, id))) throw errors.notFound('Business');
  return id;
}

export const BUSINESS = '/businesses/:businessId';
