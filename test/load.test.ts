import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadRun } from './soak/load.ts';

// The short variant of `npm run load` (test/soak/load.ts): 5 s, 40 clients on 10 keys.
describe('many clients on many keys at once', () => {
  it('never answer 5xx and never admit more than the limit per key and minute', async (test) => {
    const report = await loadRun({ durationMs: 5_000, clients: 40, keys: 10, ratePerMinute: 30 });
    const rss = { first: report.rssMiB.first, last: report.rssMiB.last, max: report.rssMiB.max };
    test.diagnostic(JSON.stringify({ ...report, rssMiB: rss }));
    assert.equal(report.serverErrors, 0, JSON.stringify(report.byStatus));
    assert.equal(report.connectionErrors, 0);
    assert.deepEqual(report.overLimit, []);
    assert.equal(report.mostAdmittedInAWindow, 30, 'the limit was reached: the check is not vacuous');
    assert.ok((report.byStatus[429] ?? 0) > 100, 'most requests were over the limit');
    assert.ok(report.rssMiB.last - report.rssMiB.first < 100, `RSS ${rss.first} → ${rss.last} MiB`);
  });
});
