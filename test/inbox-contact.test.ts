import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { admin, MONDAY } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// A new salon owner's day: the inbox's entry for a website booking waiting for confirmation had no
// phone number, though the booking page had told the client the salon would call them on it. The
// entry shows the phone number (a tel: link) and the e-mail address the client gave.
describe('how to reach a waiting client, in the inbox, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, salon } = useSalon({ name: 'Salon Sonne' });

  before(async () => {
    const { slug } = (await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: 'de-DE', confirmNewClients: true }, 200)).body;
    const page = `/v1/booking-page/${slug}`;
    const held = await app.request('POST', `${page}/holds`, {
      body: { serviceIds: [salon.haircut], staffId: salon.anna, startTime: `${MONDAY}T10:00:00+01:00` },
    });
    assert.equal(held.status, 201, held.text);
    const client = { name: 'Jürgen Vogel', email: 'juergen@example.com', phone: '0170 1234567' };
    const booked = await app.request('POST', `${page}/bookings`, { body: { holdToken: held.body.token, client } });
    assert.equal(booked.status, 201, booked.text);
    assert.equal(booked.body.status, 'pending', 'a new client waits for the salon');
  });
  const { page } = useBrowser({ app, locale: 'de-DE', timezoneId: 'Europe/Berlin', logInAt: '/#inbox' });

  it('shows the phone number to call, as a tel: link, and the e-mail address', async () => {
    const card = page.locator('.inbox article.waiting', { hasText: 'Jürgen Vogel' });
    await card.waitFor();
    assert.match(await card.innerText(), /Zu bestätigen/);
    const phone = card.getByRole('link', { name: '0170 1234567' });
    assert.equal(await phone.getAttribute('href'), 'tel:01701234567');
    assert.equal(await card.getByRole('link', { name: 'juergen@example.com' }).getAttribute('href'), 'mailto:juergen@example.com');
  });
});
