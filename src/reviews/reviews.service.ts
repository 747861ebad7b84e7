import { recordAudit } from '../audit/record.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/transaction.ts';
import type { Outbox } from '../delivery/outbox.ts';
import { findBookingView } from '../bookings/bookings.repository.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { Tx } from '../db/transaction.ts';
import { errors } from '../http/errors.ts';
import { reviewEventData, toReviewJson } from './review.presenter.ts';
import { findReviewView, insertReview, pageReviews, type ReviewView, reviewStats } from './reviews.repository.ts';
import type reviewCreateSchema from '../../schema/review-create.ts';
import type reviewsQuerySchema from '../../schema/reviews-query.ts';
import type { Valid } from '../http/validate.ts';

type Deps = { readonly clock: Clock; readonly outbox: Outbox };

/** What this feature's operations use of the application. */
export type ReviewsDeps = Deps & { readonly db: Db };

export type ReviewInput = Valid<typeof reviewCreateSchema>;

export type ReviewsQuery = Valid<typeof reviewsQuerySchema>;

/** GET /reviews: newest first, with the average rating of everything the filter matches. */
export function listReviews(app: { readonly db: Db }, businessId: number, query: ReviewsQuery) {
  return reviewPage(app, businessId, query, toReviewJson);
}

/**
 * The salon's GET /reviews: as integrations see it plus the visit and client each review is about
 * (`bookingId`, `clientId`, null for a review not about a visit), as POST answers them, so the
 * back office can link a review to its booking and offer only visits without one.
 */
export function listAdminReviews(app: { readonly db: Db }, businessId: number, query: ReviewsQuery) {
  return reviewPage(app, businessId, query, (view) => ({ ...toReviewJson(view), bookingId: view.booking_id, clientId: view.client_id }));
}

async function reviewPage<T>(
  app: { readonly db: Db },
  businessId: number,
  { page, limit, staffId }: ReviewsQuery,
  present: (view: ReviewView) => T,
) {
  const [rows, stats] = await Promise.all([
    pageReviews(app.db, businessId, (page - 1) * limit, limit, staffId),
    reviewStats(app.db, businessId, staffId),
  ]);
  return { data: rows.map(present), total: stats.total, averageRating: stats.average };
}

/**
 * Records a review (review.created). About a booking, it must be a completed visit, reviewed
 * once; the staff member, service and client come from it.
 */
export async function createReview(trx: Tx, app: Deps, businessId: number, input: ReviewInput) {
  try {
    const booking = input.bookingId === undefined ? undefined : await findBookingView(trx, businessId, input.bookingId);
    if (input.bookingId !== undefined && !booking) throw errors.notFound('Booking');
    if (booking && booking.status !== 'completed') {
      throw errors.conflict('booking_not_completed', 'Only a completed visit can be reviewed.');
    }
    const authorName = input.authorName?.trim() || booking?.client_name.split(' ')[0] || 'Anonymous';
    const id = await insertReview(trx, {
      business_id: businessId,
      booking_id: booking?.id ?? null,
      client_id: booking?.client_id ?? null,
      staff_id: booking?.staff_id ?? null,
      service_id: booking?.service_id ?? null,
      rating: input.rating,
      comment: input.comment?.trim() ?? '',
      author_name: authorName,
      created_at: app.clock.now(),
    });
    const view = (await findReviewView(trx, businessId, id))!;
    await app.outbox.emitEvent(trx, businessId, 'review.created', reviewEventData(view));
    const after = { rating: view.rating, bookingId: view.booking_id, clientId: view.client_id };
    await recordAudit(trx, { businessId, action: 'review.created', target: { kind: 'review', id }, after });
    return { ...toReviewJson(view), bookingId: view.booking_id, clientId: view.client_id };
  } catch (error) {
    if (isUniqueViolation(error)) throw errors.conflict('already_reviewed', 'This booking already has a review.');
    throw error;
  }
}
