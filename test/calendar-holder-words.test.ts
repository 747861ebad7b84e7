import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { admin, MONDAY } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// A new salon owner's day in German: a hold from the salon's own booking page read "Reserviert von
// Booking page bis 08:57", the page's key's stored English name. The page names it in the salon's
// words and language; an API key's hold keeps the name the salon gave the key.
describe('who holds a time, in the salon’s words, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { clock, app, salon } = useSalon({ name: 'Salon Sonne' });
  const at = (time: string) => `${MONDAY}T${time}:00+01:00`;

  before(async () => {
    const { slug } = (await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: 'de-DE' }, 200)).body;
    const widget = (await admin(app, 'POST', `${salon.base}/keys`, { name: 'Website widget', scopes: ['bookings:write'] }, 201)).body.key;
    const byKey = await app.request('POST', '/v1/integration/slots/holds', {
      key: widget,
      body: { serviceId: salon.colour, staffId: salon.anna, startTime: at('10:00') },
    });
    assert.equal(byKey.status, 201, byKey.text);
    const byPage = await app.request('POST', `/v1/booking-page/${slug}/holds`, {
      body: { serviceIds: [salon.haircut], staffId: salon.ben, startTime: at('14:00') },
    });
    assert.equal(byPage.status, 201, byPage.text);
  });
  const { page } = useBrowser({ app, pageClock: clock, locale: 'de-DE', timezoneId: 'Europe/Berlin', logInAt: `/#calendar/${MONDAY}` });

  it('says whose hold stands in the way of the desk’s booking: the booking page’s in the salon’s words', async () => {
    const refused = await admin(
      app,
      'POST',
      `${salon.base}/bookings`,
      { serviceId: salon.haircut, staffId: salon.ben, startTime: at('14:00'), client: { name: 'Lena', phone: '+49 170 5550123' } },
      409,
    );
    assert.equal(refused.body.code, 'slot_held');
    assert.deepEqual(
      refused.body.holds.map((hold: { keyKind: string }) => hold.keyKind),
      ['page'],
    );
    const said = await page.evaluate(async (holds) => {
      const refusals = (await import('/js/refusals.js' as string)) as { heldBy(holds: unknown): string };
      return refusals.heldBy(holds);
    }, refused.body.holds);
    assert.match(said, /^Reserviert über die Buchungsseite bis \d\d:\d\d$/);
  });

  it('says “über die Buchungsseite” for the booking page’s hold, and the key’s own name for an API key’s', async () => {
    const list = page.locator('.day-list .hold-row');
    await list.nth(1).waitFor();
    const rows = await list.allInnerTexts();
    assert.match(rows[0]!, /10:00–11:30\s+Reserviert von Website widget bis \d\d:\d\d/);
    assert.match(rows[1]!, /14:00–\d\d:\d\d\s+Über die Buchungsseite reserviert bis \d\d:\d\d/);
    assert.doesNotMatch(rows.join('\n'), /Booking page/);
    const held = page.locator('.ec-event.hold', { hasText: 'Buchungsseite' });
    assert.match(await held.innerText(), /Über die Buchungsseite reserviert bis/);

    await held.click();
    const dialog = page.locator('dialog.confirm');
    await dialog.getByRole('heading', { name: /^Über die Buchungsseite reserviert bis \d\d:\d\d$/ }).waitFor();
    await dialog.getByRole('button', { name: 'Reservierung aufheben' }).click();
    await page.getByText(/^Die Reservierung über die Buchungsseite für 14:00–\d\d:\d\d bei Ben ist aufgehoben/).waitFor();
  });
});
