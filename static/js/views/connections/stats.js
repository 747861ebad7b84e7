// Render: how a connection has been doing (its last 24 hours and 7 days, a sentence each) and the
// headers it sends of its own, values masked by the server.

import { h, isolate } from '../../dom.js';

/** "80 ms", "1.2 s". */
const took = (ms) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

/** One window of a connection's stats in the salon's words. */
export function statsSentence(window) {
  const { delivered, retried, failed, p50ResponseTimeMs: usual, p95ResponseTimeMs: slow } = window;
  if (delivered + retried + failed === 0) return 'Nothing sent';
  const counts = [`${delivered} delivered`];
  if (retried > 0) counts.push(`${retried} failed and retried later`);
  if (failed > 0) counts.push(`${failed} failed`);
  const times = usual === null ? '' : `; it usually answers within ${took(usual)}, 95 in 100 times within ${took(slow)}`;
  return `${counts.join(', ')}${times}`;
}

/** The fact rows of a connection's stats. */
export const statsFacts = (stats) => [
  ['Last 24 hours', statsSentence(stats.last24Hours)],
  ['Last 7 days', statsSentence(stats.last7Days)],
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
