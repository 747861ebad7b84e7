// Render: how a connection has been doing (its last 24 hours and 7 days, a sentence each) and the
// headers it sends of its own, values masked by the server.

import { h, isolate } from '../../dom.js';
import { intl, t } from '../../locale.js';

/** "80 ms", "1.2 s". */
const took = (ms) =>
  ms < 1000 ? `${ms} ms` : `${intl(Intl.NumberFormat, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(ms / 1000)} s`;

/** One window of a connection's stats in the salon's words. */
export function statsSentence(window) {
  const { delivered, retried, failed, p50ResponseTimeMs: usual, p95ResponseTimeMs: slow } = window;
  if (delivered + retried + failed === 0) return t('Nothing sent');
  const counts = [t('{count} delivered', { count: delivered })];
  if (retried > 0) counts.push(t('{count} failed and retried later', { count: retried }));
  if (failed > 0) counts.push(t('{count} failed', { count: failed }));
  if (usual === null) return counts.join(', ');
  return t('{counts}; it usually answers within {usual}, 95 in 100 times within {slow}', {
    counts: counts.join(', '),
    usual: took(usual),
    slow: took(slow),
  });
}

/** The fact rows of a connection's stats. */
export const statsFacts = (stats) => [
  [t('Last 24 hours'), statsSentence(stats.last24Hours)],
  [t('Last 7 days'), statsSentence(stats.last7Days)],
];

/** "Authorization: ••••••••6789, X-Tenant: ••••••••", or null without any. */
export function headersFact(webhook) {
  const entries = Object.entries(webhook.headers ?? {});
  if (entries.length === 0) return null;
  return h(
    'span',
    { class: 'headers' },
    entries.flatMap(([name, value], i) => [i ? ', ' : '', h('code', null, `${name}: `), isolate(value)]),
  );
}
