import { toIso } from '../clock.ts';
import type { ReviewView } from './reviews.repository.ts';

/** A review as integrations see it: no client contact data. */
export function toReviewJson(view: ReviewView) {
  return {
    id: view.id,
    rating: view.rating,
    comment: view.comment,
    authorName: view.author_name,
    staffId: view.staff_id,
    staffName: view.staff_name,
    serviceId: view.service_id,
    serviceName: view.service_name,
    createdAt: toIso(view.created_at),
  };
}

export function reviewEventData(view: ReviewView) {
  return {
    reviewId: view.id,
    rating: view.rating,
    comment: view.comment,
    authorName: view.author_name,
    bookingId: view.booking_id,
    clientId: view.client_id,
    staffId: view.staff_id,
    staffName: view.staff_name,
    serviceId: view.service_id,
    serviceName: view.service_name,
    createdAt: toIso(view.created_at),
  };
}
