import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { admin } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// A new user's trial (the salon's day in Chromium): on a closure ("Weihnachten") the calendar
// opened the booking form, and "Book" was refused with "Anna is away until the end of Saturday":
// the salon was closed, Anna was not away. The server says salon_closed with the closure's note,
// the page says so, and a click on the closed day books nothing.
const CLOSED = '2026-11-25';

describe('a booking on a day the salon is closed', () => {
  const { clock, app, salon } = useSalon();
  before(async () => {
    await admin(app, 'POST', `${salon.base}/closures`, { startDate: CLOSED, endDate: CLOSED, note: 'Weihnachten' }, 201);
  });

  it('is refused as salon_closed with the closure’s note, not as the staff member away', async () => {
    const refused = await app.request('POST', '/v1/integration/bookings', {
      key: salon.key,
      body: { serviceId: salon.haircut, startTime: `${CLOSED}T10:00:00+01:00`, client: { name: 'Ida', phone: '+49 30 1' } },
    });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.reason, 'unavailable');
    assert.deepEqual(
      refused.body.refusals.map((r: { staffName: string; reason: string; note?: string }) => [r.staffName, r.reason, r.note]),
      [
        ['Anna', 'salon_closed', 'Weihnachten'],
        ['Ben', 'salon_closed', 'Weihnachten'],
      ],
    );
  });

  describe('in Chromium', () => {
    if (skippedWithoutChromium()) return;
    const { page, guard } = useBrowser({ app, pageClock: clock, logInAt: `/#calendar/${CLOSED}` });

    it('says the salon is closed on a click on the closed day, and opens no booking form', async () => {
      await page.reload();
      await page.locator('.ec-col-head', { hasText: 'Ben' }).waitFor();
      const ten = page.locator('.ec-body .ec-sidebar time[datetime$="T10:00:00"]');
      await ten.scrollIntoViewIfNeeded();
      const column = (await page.locator('.ec-body .ec-day').nth(0).boundingBox())!;
      const hour = (await ten.boundingBox())!;
      await page.mouse.click(column.x + column.width / 2, hour.y + hour.height / 2 + 4);
      await page.locator('.notice-at').getByText('The salon is closed: Weihnachten. Nobody can book then.').waitFor();
      assert.equal(await page.locator('dialog.form-dialog').count(), 0, 'no booking form');
    });

    it('says "The salon is closed: Weihnachten." when the New booking form books that day anyway', async () => {
      await page.reload();
      await page.getByRole('button', { name: 'New booking' }).click();
      const form = page.locator('dialog.form-dialog');
      await form.getByLabel('Service').selectOption(String(salon.haircut));
      await form.getByLabel('Staff member').selectOption(String(salon.anna));
      await form.getByLabel('Date').fill(CLOSED);
      await form.getByLabel('Time').fill('10:00');
      await form.getByLabel('Client name').fill('Ida Closed');
      await form.getByLabel('Phone').fill('+49 30 2');
      guard.expect(/status of 409/);
      await form.getByRole('button', { name: 'Book' }).click();
      await form.getByText('The salon is closed: Weihnachten.', { exact: true }).waitFor();
      assert.doesNotMatch(await form.innerText(), /away/);
    });
  });
});
