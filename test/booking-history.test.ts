import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { admin, MONDAY } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// A new user's trial (the salon's day in Chromium): a booking's "What happened" said "Booking
// moved … By: …" without from where to where, and a payment or refund without amount, method or
// who took it.
describe('a booking’s “What happened”, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { clock, app, salon } = useSalon();
  let bookingId = 0;
  before(async () => {
    const body = {
      serviceId: salon.haircut,
      staffId: salon.anna,
      startTime: `${MONDAY}T10:00:00+01:00`,
      client: { name: 'Mara Moved', phone: '+49 30 1' },
    };
    bookingId = (await admin(app, 'POST', `${salon.base}/bookings`, body, 201)).body.id;
    await admin(
      app,
      'POST',
      `${salon.base}/bookings/${bookingId}/reschedule`,
      { startTime: `${MONDAY}T14:00:00+01:00`, staffId: salon.ben },
      200,
    );
    const payment = (await admin(app, 'POST', `${salon.base}/payments`, { bookingId, amount: 3500, method: 'card' }, 201)).body;
    await admin(app, 'POST', `${salon.base}/payments/${payment.id}/refund`, { amount: 850, reason: 'Fringe redone' }, 201);
  });
  const { page } = useBrowser({ app, pageClock: clock, logInAt: '/#clients' });

  it('says where a move went from and to, and each payment’s and refund’s amount, method and who', async () => {
    await page.goto(`${app.url}/#bookings/${bookingId}`);
    const events = page.locator('.booking-events > li');
    await events.first().waitFor();
    const items = (await events.allInnerTexts()).map((text) => text.replace(/\s+/g, ' '));
    const of = (pattern: RegExp) => items.find((text) => pattern.test(text)) ?? '';
    assert.match(of(/^Booking moved/), /From Mon, 23 Nov 2026, 10:00 with Anna to Mon, 23 Nov 2026, 14:00 with Ben\./);
    assert.match(of(/^Payment received/), /€35\.00 by card/);
    assert.match(of(/^Refund made/), /€8\.50 refunded · Fringe redone/);
    assert.match(of(/^Refund made/), /By the back office\.$/, 'who made the refund');
    assert.match(of(/^Payment received/), /By the back office\.$/, 'who took the payment');
  });
});
