import { toIso } from '../clock.ts';
import type { WebhookOwner } from './webhooks.repository.ts';
import { ownWebhook, type WebhooksDeps } from './webhooks.service.ts';
import { answerTimeAtRank, outcomesSince } from './stats.repository.ts';

const HOUR_MS = 3_600_000;

/** The windows of GET /webhooks/:id/stats: their names in the answer and their length. */
const WINDOWS = { last24Hours: 24 * HOUR_MS, last7Days: 7 * 24 * HOUR_MS } as const;

type Deps = Pick<WebhooksDeps, 'db' | 'clock'>;

/** The nearest-rank percentile `p` (0–1) of `n` values: its rank, 1 for the smallest. */
function nearestRank(p: number, n: number): number {
  return Math.max(1, Math.ceil(p * n));
}

async function windowStats(app: Deps, webhookId: number, since: number) {
  const counts = await outcomesSince(app.db, webhookId, since);
  const at = (p: number) => (counts.answered === 0 ? null : answerTimeAtRank(app.db, webhookId, since, nearestRank(p, counts.answered)));
  const [p50, p95] = await Promise.all([at(0.5), at(0.95)]);
  return {
    delivered: counts.success,
    failed: counts.failed,
    retried: counts.retrying,
    p50ResponseTimeMs: p50,
    p95ResponseTimeMs: p95,
  };
}

/**
 * GET /webhooks/:id/stats: the attempts that finished in the last 24 hours and 7 days, by outcome
 * (delivered; failed, with a retry to follow; failed for good), and the receiver's answer time
 * (median and 95th percentile, nearest rank, of the attempts it answered), pings left out.
 */
export async function webhookStats(app: Deps, owner: WebhookOwner, id: number) {
  await ownWebhook(app.db, owner, id);
  const now = app.clock.now();
  const [last24Hours, last7Days] = await Promise.all(Object.values(WINDOWS).map((length) => windowStats(app, id, now - length)));
  return { webhookId: id, at: toIso(now), last24Hours: last24Hours!, last7Days: last7Days! };
}
