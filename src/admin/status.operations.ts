import failuresQuery from '../../schema/failures-query.ts';
import { toIso, type Clock } from '../clock.ts';
import { countBusinesses } from '../businesses/businesses.repository.ts';
import { attemptsPerHour, finishedSince, queueDepth, recentFailures, webhookHealthSummary } from '../delivery/sql/delivery-stats.ts';
import { operations } from '../http/operations.ts';
import { VERSION } from '../version.ts';
import type { Database } from '../db/database.ts';
import type { Db } from '../db/transaction.ts';
import type { DeliveryEngine } from '../delivery/engine.ts';

const operation = operations<{
  readonly db: Db;
  readonly database: Database;
  readonly clock: Clock;
  readonly engine: DeliveryEngine;
  readonly startedAt: number;
}>();

const HOUR_MS = 3_600_000;

/** What the status page shows staff: is it up, is anything stuck, what failed lately. */
export const statusOperations = [
  operation({
    operationId: 'adminGetStatus',
    access: 'desk',
    method: 'GET',
    path: '/status',
    summary: 'Is it up, is anything stuck: version, uptime, database engine and size, queue, deliveries of the last hour, webhooks',
    success: { status: 200, schema: 'Status' },
    handle: async (_, app) => {
      const now = app.clock.now();
      const [queue, webhooks, businesses, lastHour] = await Promise.all([
        queueDepth(app.db, now),
        webhookHealthSummary(app.db),
        countBusinesses(app.db),
        finishedSince(app.db, now - HOUR_MS),
      ]);
      return {
        status: 'ok',
        version: VERSION,
        startedAt: toIso(app.startedAt),
        uptimeSeconds: Math.floor((now - app.startedAt) / 1000),
        databaseEngine: app.database.engine,
        databaseBytes: await app.database.sizeBytes(),
        // The file, or the PostgreSQL URL with its password masked.
        database: app.database.location,
        businesses,
        queue: { ...queue, inFlight: app.engine.inFlight },
        deliveriesLastHour: lastHour,
        webhooks: { active: webhooks.active ?? 0, failed: webhooks.failed ?? 0 },
      };
    },
  }),
  operation({
    operationId: 'adminDeliveriesPerHour',
    access: 'owner',
    method: 'GET',
    path: '/deliveries/hourly',
    summary: 'Delivery attempts per hour over the last 24 hours, by outcome',
    success: { status: 200, schema: 'DeliveriesPerHour' },
    handle: async (_, app) => {
      const now = app.clock.now();
      const first = Math.floor(now / HOUR_MS) * HOUR_MS - 23 * HOUR_MS;
      const rows = await attemptsPerHour(app.db, first);
      const hours = Array.from({ length: 24 }, (_, i) => ({ hour: toIso(first + i * HOUR_MS), success: 0, retrying: 0, failed: 0 }));
      for (const row of rows) {
        const bucket = hours[(row.hour - first) / HOUR_MS];
        if (bucket) bucket[row.status as 'success' | 'retrying' | 'failed'] = row.count;
      }
      return { data: hours };
    },
  }),
  operation({
    operationId: 'adminRecentDeliveryFailures',
    access: 'owner',
    method: 'GET',
    path: '/deliveries/recent-failures',
    summary: 'The latest failed delivery attempts, of every business or one',
    query: failuresQuery,
    success: { status: 200, schema: 'RecentDeliveryFailures' },
    handle: async ({ query }, app) => {
      const { limit, businessId } = query;
      const rows = await recentFailures(app.db, limit, businessId);
      return {
        data: rows.map((r) => ({
          attemptId: r.id,
          webhookId: r.webhook_id,
          businessId: r.business_id,
          targetUrl: r.target_url,
          event: r.event,
          deliveryId: r.delivery_id,
          attemptNumber: r.attempt_number,
          deliveryStatus: r.status,
          responseStatusCode: r.response_status_code,
          errorMessage: r.error_message,
          at: toIso(r.updated_at),
        })),
      };
    },
  }),
];
