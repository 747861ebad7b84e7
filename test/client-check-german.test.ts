import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { admin, MONDAY } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// The new-owner trial: the question whether a booking's client is a known one ("same person?") put
// a name in English quotation marks (“Lena Schmidt”) inside the German page. German quotes „…“.
describe('a booking’s client check in a German Chromium', () => {
  if (skippedWithoutChromium()) return;
  const MARIA = { name: 'Maria Schmidt', email: 'maria.schmidt@example.com', phone: '+49 151 1234567' };
  const { app, salon } = useSalon({ name: 'Salon Sonne' });
  let id = 0;

  before(async () => {
    await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: 'de-DE' }, 200);
    await admin(app, 'POST', `${salon.base}/clients`, MARIA, 201);
    const body = {
      serviceId: salon.haircut,
      staffId: salon.anna,
      startTime: `${MONDAY}T10:00:00+01:00`,
      client: { name: 'Lena Schmidt', email: MARIA.email, phone: '+49 170 5550000' },
    };
    const reply = await app.request('POST', '/v1/integration/bookings', { key: salon.key, body });
    assert.equal(reply.status, 201, reply.text);
    id = reply.body.id;
  });
  const { page, guard } = useBrowser({ app, locale: 'de-DE', timezoneId: 'Europe/Berlin', logInAt: `/#calendar/${MONDAY}` });

  it('quotes the name as booked in German quotation marks, in the question, its dialog and the answer', async () => {
    await page.goto(`${app.url}/#bookings/${id}`);
    const card = page.getByRole('region', { name: 'Dieselbe Person?' });
    await card.waitFor();
    assert.equal(
      (await card.locator('p').first().innerText()).trim(),
      'Gebucht als „Lena Schmidt“ mit der E-Mail-Adresse von Maria Schmidt – dieselbe Person?',
    );
    await card.getByRole('button', { name: 'Andere Person' }).click();
    const dialog = page.getByRole('dialog', { name: '„Lena Schmidt“ als neuen Kunden anlegen?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Neuen Kunden anlegen' }).click();
    await page.getByText('„Lena Schmidt“ ist jetzt ein eigener Kunde, mit diesem Termin.').waitFor();
    assert.doesNotMatch(await page.locator('#view').innerText(), /[“”"]Lena Schmidt/);
    guard.assertClean();
  });
});
