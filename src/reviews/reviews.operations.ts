import reviewsQuerySchema from '../../schema/reviews-query.ts';
import { integrationOperations } from '../auth/integration-auth.ts';
import { listReviews } from './reviews.service.ts';
import type { Db } from '../db/transaction.ts';

const operation = integrationOperations<{ readonly db: Db }>();

export const reviewOperations = [
  operation({
    operationId: 'listReviews',
    method: 'GET',
    path: '/reviews',
    scope: 'reviews:read',
    summary: 'Client reviews, newest first, with the average rating',
    query: reviewsQuerySchema,
    success: { status: 200, schema: 'ReviewList' },
    handle: ({ key, query }, app) => listReviews(app, key.businessId, query),
  }),
];
