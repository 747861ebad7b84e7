import reviewCreateSchema from '../../schema/review-create.ts';
import reviewsQuerySchema from '../../schema/reviews-query.ts';
import { BUSINESS, BUSINESS_ID } from '../businesses/business-param.ts';
import { operations } from '../http/operations.ts';
import { createReview, listAdminReviews, type ReviewsDeps } from './reviews.service.ts';

const operation = operations<ReviewsDeps>();

const params = { businessId: BUSINESS_ID };

export const reviewAdminOperations = [
  operation({
    operationId: 'adminListReviews',
    access: 'desk',
    method: 'GET',
    path: `${BUSINESS}/reviews`,
    summary: 'Reviews, newest first, with the average rating and the visit each is about',
    params,
    query: reviewsQuerySchema,
    success: { status: 200, schema: 'AdminReviewList' },
    handle: ({ params, query }, app) => listAdminReviews(app, params.businessId, query),
  }),
  operation({
    operationId: 'adminCreateReview',
    access: 'desk',
    method: 'POST',
    path: `${BUSINESS}/reviews`,
    summary: 'Record a review a client gave',
    params,
    body: reviewCreateSchema,
    success: { status: 201, schema: 'AdminReview' },
    errors: [404, 409],
    write: true,
    handle: ({ params, body, trx }, app) => createReview(trx, app, params.businessId, body),
  }),
];
