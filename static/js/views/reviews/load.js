// Load: a page of reviews (of everyone or one staff member), and what the form can offer: the
// latest completed visits without a review.

export const PAGE_SIZE = 20;
const VISITS = 100;

export const loadReviews = (api, staffId, page) => api.call('adminListReviews', { query: { limit: PAGE_SIZE, page, staffId } });

/**
 * The completed visits among the latest 100 that have no review among the latest 100 reviews,
 * newest first (bookings are listed by start time, oldest first). An older reviewed visit offered
 * here gets the API's "already has a review".
 */
export async function loadOpenVisits(api) {
  const [latest, visits] = await Promise.all([
    api.call('adminListReviews', { query: { limit: 100, page: 1 } }),
    api.latest('adminListBookings', { query: { status: 'completed' } }, VISITS),
  ]);
  const reviewed = new Set(latest.data.map((r) => r.bookingId).filter(Boolean));
  return visits.data.filter((b) => !reviewed.has(b.id)).sort((a, b) => Date.parse(b.startTime) - Date.parse(a.startTime));
}
