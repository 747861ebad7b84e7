import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { admin, MONDAY } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// The new-owner trial, after a partial refund: a booking's payments read "Noch offen: Nichts"
// (does the salon owe the client, or is the visit settled?). A German salon's booking says what was
// paid, what was refunded and why, and what is left, in words that read one way only.
describe('a booking’s balance after a partial refund, in a German Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, salon } = useSalon({ name: 'Salon Sonne' });
  const ids = { refunded: 0, part: 0 };
  const book = async (name: string, time: string, phone: string) => {
    const body = { serviceId: salon.haircut, staffId: salon.anna, startTime: `${MONDAY}T${time}:00+01:00`, client: { name, phone } };
    return (await admin(app, 'POST', `${salon.base}/bookings`, body, 201)).body.id as number;
  };

  before(async () => {
    await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: 'de-DE' }, 200);
    ids.refunded = await book('Paula Paid', '10:00', '+49 30 561');
    const payment = (await admin(app, 'POST', `${salon.base}/payments`, { bookingId: ids.refunded, amount: 3500, method: 'card' }, 201))
      .body;
    await admin(app, 'POST', `${salon.base}/payments/${payment.id}/refund`, { amount: 1000, reason: 'Pony nachgeschnitten' }, 201);
    ids.part = await book('Tina Teil', '11:00', '+49 30 562');
    await admin(app, 'POST', `${salon.base}/payments`, { bookingId: ids.part, amount: 2000, method: 'cash' }, 201);
  });
  const { page, guard } = useBrowser({ app, locale: 'de-DE', timezoneId: 'Europe/Berlin', logInAt: `/#calendar/${MONDAY}` });

  const paymentFacts = async (bookingId: number) => {
    await page.goto(`${app.url}/#bookings/${bookingId}`);
    const section = page.locator('section[aria-labelledby="payments-title"]');
    await section.waitFor();
    return (await section.locator('.facts > div').allInnerTexts()).map((f) => f.replace(/\s+/g, ' '));
  };

  it('says a partly refunded visit is settled, with the refund and its reason', async () => {
    assert.deepEqual(await paymentFacts(ids.refunded), [
      'Preis 35,00 €',
      'Bezahlt 35,00 €',
      'Erstattet 10,00 € (Pony nachgeschnitten)',
      'Netto bezahlt 25,00 €',
      'Stand Beglichen: nichts mehr zu zahlen',
    ]);
  });

  it('says what is left to pay as an amount still to pay', async () => {
    assert.deepEqual(await paymentFacts(ids.part), ['Preis 35,00 €', 'Bezahlt 20,00 €', 'Stand 15,00 € noch zu zahlen']);
    guard.assertClean();
  });
});
