import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { admin } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// Activity shows 50 changes at a time; "Show older changes" adds the next 50 below them and goes
// once nothing older is left (one paged list for Activity and Reviews, static/js/ui/pages.js).

describe('the activity’s older changes, a page at a time, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, salon } = useSalon({ name: 'Hair by Anna' });
  const { page } = useBrowser({ app, logInAt: '/#services' });
  let total = 0;

  before(async () => {
    // 60 more changes: a service's price changed again and again.
    for (let price = 1000; price < 1060; price += 1) await admin(app, 'PATCH', `${salon.base}/services/${salon.haircut}`, { price }, 200);
    total = (await admin(app, 'GET', `${salon.base}/audit?limit=1`, undefined, 200)).body.total;
    assert.ok(total > 60 && total <= 100, `${total} changes`);
  });

  it('shows the newest 50, then the older ones on request, and no button once all are shown', async () => {
    await page.evaluate('location.hash = "#activity"');
    const rows = page.locator('table.activity tbody tr');
    const older = page.getByRole('button', { name: 'Show older changes' });
    await older.waitFor();
    assert.equal(await rows.count(), 50);
    await older.click();
    await page.waitForFunction(
      (n) =>
        (globalThis as unknown as { document: { querySelectorAll(s: string): { length: number } } }).document.querySelectorAll(
          'table.activity tbody tr',
        ).length === n,
      total,
    );
    assert.equal(await older.isVisible(), false, 'nothing older is left');
  });
});
