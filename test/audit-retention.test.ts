import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { forgetOldAuditEntries } from '../src/audit/retention.ts';
import { admin, TEST_NOW } from './helpers/salon.ts';
import { useSalon } from './helpers/suite.ts';

const DAY_MS = 86_400_000;

// Issue 23 section 3: the audit trail keeps an entry for BOOKING_AUDIT_RETENTION_DAYS (two years by
// default); the housekeeping job deletes older ones in batches, each its own transaction.
describe("the audit trail's retention, on the test clock", () => {
  const { clock, app, salon } = useSalon();
  const entries = async () =>
    (await app.context.db.selectFrom('audit_entries').select(['action', 'at']).orderBy('id').execute()).map((e) => [e.action, e.at]);

  it('keeps two years by default, then deletes what is older, all of it, in batches', async () => {
    assert.equal(app.context.config.auditRetentionDays, 730);
    const setUp = (await entries()).length;
    assert.ok(setUp > 5, 'the salon, its services, staff and key');
    clock.set(TEST_NOW + 400 * DAY_MS);
    await admin(app, 'PATCH', `${salon.base}/services/${salon.haircut}`, { price: 3900 }, 200);

    clock.set(TEST_NOW + 730 * DAY_MS);
    assert.equal(await forgetOldAuditEntries(app.context, 730, 2), 0, 'exactly two years old: kept');
    assert.equal((await entries()).length, setUp + 1);

    clock.set(TEST_NOW + 730 * DAY_MS + 1);
    assert.equal(await forgetOldAuditEntries(app.context, 730, 2), setUp, 'every batch of two, until none is left');
    assert.deepEqual(await entries(), [['service.updated', TEST_NOW + 400 * DAY_MS]]);
  });
});
