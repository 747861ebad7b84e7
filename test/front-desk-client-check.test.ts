import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { seriousA11yProblems } from './helpers/axe.ts';
import { admin, MONDAY } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// Issue 26, finding 1, at the desk: a booking from the website that gave a known client's e-mail
// address or phone under another name shows the details as booked and asks the salon whether it is
// the same person; each answer does what the page says.
describe("a booking's client check on the booking's page, in Chromium", () => {
  if (skippedWithoutChromium()) return;
  const MARIA = { name: 'Maria Schmidt', email: 'maria.schmidt@example.com', phone: '+49 151 1234567' };
  const { app, salon } = useSalon({ name: 'Hair by Anna' });
  let maria: number;

  before(async () => {
    maria = (await admin(app, 'POST', `${salon.base}/clients`, MARIA, 201)).body.id;
  });
  const { page, guard } = useBrowser({ app, logInAt: `/#calendar/${MONDAY}` });

  const widget = async () =>
    (await admin(app, 'POST', `${salon.base}/keys`, { name: 'Website', scopes: ['services:read', 'slots:read', 'bookings:write'] }, 201))
      .body.key as string;
  const book = async (time: string, client: Record<string, string>) => {
    const reply = await app.request('POST', '/v1/integration/bookings', {
      key: await widget(),
      body: { serviceId: salon.haircut, staffId: salon.anna, startTime: `${MONDAY}T${time}:00+01:00`, client },
    });
    assert.equal(reply.status, 201, reply.text);
    return reply.body.id as number;
  };
  const booking = async (id: number) => (await admin(app, 'GET', `${salon.base}/bookings/${id}`, undefined, 200)).body;
  const open = async (id: number) => {
    await page.goto(`${app.url}/#bookings/${id}`);
    await page.locator('section.booking').waitFor();
  };

  it('shows the details as booked and the question; "Different person" makes a new client of them', async () => {
    const id = await book('10:00', { name: 'Lena Schmidt', email: MARIA.email, phone: '+49 170 5550000' });
    await page.goto(`${app.url}/#calendar/${MONDAY}`);
    await page.reload();
    await page.locator('.ec-event.booking', { hasText: 'Lena Schmidt (to check)' }).waitFor();
    await page
      .locator('.day-list')
      .getByRole('link', { name: /Lena Schmidt \(to check\)/ })
      .waitFor();
    assert.equal(await page.locator('.ec-event.booking', { hasText: 'Maria Schmidt' }).count(), 0, 'not under the record’s name');

    await open(id);
    await page.getByRole('heading', { name: 'Lena Schmidt (to check), 10:00' }).waitFor();
    const card = page.getByRole('region', { name: 'Same person?' });
    await card.getByText('Booked as “Lena Schmidt” with the e-mail address of Maria Schmidt — same person?').waitFor();
    await card.getByText('Lena Schmidt · maria.schmidt@example.com · +49 170 5550000').waitFor();
    await card.getByText('Maria Schmidt · maria.schmidt@example.com · +49 151 1234567').waitFor();
    assert.deepEqual(await seriousA11yProblems(page, 'section.client-check'), [], 'the question');

    await card.getByRole('button', { name: 'Different person' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make “Lena Schmidt” a new client?' });
    await dialog.getByText('keeps the e-mail address').waitFor();
    await dialog.getByRole('button', { name: 'Make a new client' }).click();
    await page.getByText('“Lena Schmidt” is now a client of their own, with this booking.').waitFor();
    await page.getByRole('heading', { name: 'Lena Schmidt, 10:00' }).waitFor();
    assert.equal(await page.getByRole('region', { name: 'Same person?' }).count(), 0);

    const after = await booking(id);
    assert.equal(after.clientCheck, null);
    assert.notEqual(after.client.id, maria);
    assert.deepEqual(
      { name: after.client.name, email: after.client.email, phone: after.client.phone },
      {
        name: 'Lena Schmidt',
        email: null,
        phone: '+49 170 5550000',
      },
    );
    const record = (await admin(app, 'GET', `${salon.base}/clients/${maria}`, undefined, 200)).body;
    assert.deepEqual({ name: record.name, email: record.email, phone: record.phone }, MARIA);
  });

  it('"Same person" keeps the booking with the client, whose details stay; the details given stay on the booking', async () => {
    const id = await book('11:00', { name: 'M. Schmidt', phone: MARIA.phone });
    await page.goto(`${app.url}/#clients/${maria}`);
    const visit = page.locator(`.visits [data-booking-id="${id}"]`);
    await visit.getByText('booked as “M. Schmidt”: same person? Open the booking to say.').waitFor();
    await open(id);
    const card = page.getByRole('region', { name: 'Same person?' });
    await card.getByText('Booked as “M. Schmidt” with the phone number of Maria Schmidt — same person?').waitFor();
    await card.getByRole('button', { name: 'Same person' }).click();
    await page.getByText('Kept with Maria Schmidt; their details stay as they are.').waitFor();
    await page.getByRole('heading', { name: 'Maria Schmidt, 11:00' }).waitFor();
    assert.equal(await page.getByRole('region', { name: 'Same person?' }).count(), 0);
    await page.getByText('M. Schmidt · +49 151 1234567').waitFor();
    const after = await booking(id);
    assert.equal(after.clientCheck, null);
    assert.equal(after.client.id, maria);
    await page.goto(`${app.url}/#clients/${maria}`);
    await visit.waitFor();
    assert.equal(await visit.getByText('same person?').count(), 0, 'answered');
  });

  it('says so in words when the question was answered meanwhile elsewhere', async () => {
    const id = await book('12:00', { name: 'Someone', email: MARIA.email });
    await open(id);
    const card = page.getByRole('region', { name: 'Same person?' });
    await card.getByRole('button', { name: 'Same person' }).waitFor();
    await admin(app, 'POST', `${salon.base}/bookings/${id}/client-check/same-person`, undefined, 200);
    guard.expect(/status of 409/);
    await card.getByRole('button', { name: 'Same person' }).click();
    await page
      .getByRole('alert')
      .getByText('Someone has already said who this booking is for, perhaps in another tab. Reload the page to see it.')
      .waitFor();
  });
});
