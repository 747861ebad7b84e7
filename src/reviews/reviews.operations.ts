import reviewsQuerySchema from '../../schema/reviews-query.json' with { type: 'json' };
import { typed } from '../http/operations.ts';
import { integrationOperations } from '../auth/integration-auth.ts';
import { listReviews, type ReviewsQuery } from './reviews.service.ts';
import type { Db } from '../db/transaction.ts';

const operation = integrationOperations<{ readonly db: Db }>();

export const reviewOperations = [
  operation({
    operationId: 'listReviews',
    method: 'GET',
    path: '/reviews',
    scope: 'reviews:read',
    summary: 'Client reviews, newest first, with the average rating',
    query: typed<ReviewsQuery>(reviewsQuerySchema),
    success: { status: 200, schema: 'ReviewList' },
    handle: ({ key, query }, app) => listReviews(app, key.businessId, query),
  }),
];
