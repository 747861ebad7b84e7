import type { Insertable } from 'kysely';
import type { Db, Tx } from '../db/transaction.ts';
import type { ReviewsTable } from '../db/tables.ts';

export async function insertReview(tx: Tx, row: Insertable<ReviewsTable>): Promise<number> {
  const { id } = await tx.insertInto('reviews').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

function reviewQuery(db: Db | Tx, businessId: number, staffId?: number) {
  let query = db
    .selectFrom('reviews as r')
    .leftJoin('staff as st', 'st.id', 'r.staff_id')
    .leftJoin('services as s', 's.id', 'r.service_id')
    .where('r.business_id', '=', businessId);
  if (staffId !== undefined) query = query.where('r.staff_id', '=', staffId);
  return query;
}

export async function findReviewView(db: Db | Tx, businessId: number, id: number) {
  return reviewQuery(db, businessId)
    .selectAll('r')
    .select(['st.name as staff_name', 's.name as service_name'])
    .where('r.id', '=', id)
    .executeTakeFirst();
}

export type ReviewView = NonNullable<Awaited<ReturnType<typeof findReviewView>>>;

export async function pageReviews(db: Db, businessId: number, offset: number, limit: number, staffId?: number): Promise<ReviewView[]> {
  return reviewQuery(db, businessId, staffId)
    .selectAll('r')
    .select(['st.name as staff_name', 's.name as service_name'])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function reviewStats(db: Db, businessId: number, staffId?: number): Promise<{ total: number; average: number | null }> {
  const row = await reviewQuery(db, businessId, staffId)
    .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.avg<number | null>('r.rating').as('average')])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), average: row.average === null ? null : Math.round(Number(row.average) * 100) / 100 };
}
