import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { admin, MONDAY, SCHEDULE } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// What a new user still met at the front desk and in the inbox (issue 27), each in Chromium, on a
// salon of two staff (Anna: Haircut and Colour; Ben: Haircut).
describe('the front desk and the inbox without friction in Chromium (issue 27)', () => {
  if (skippedWithoutChromium()) return;
  const { clock, app, salon } = useSalon({ name: 'Hair by Anna' });
  const { page } = useBrowser({ app, pageClock: clock, logInAt: '/#clients' });
  const openCalendar = async (date = MONDAY) => {
    await page.goto(`${app.url}/#calendar/${date}`);
    await page.reload();
    await page.locator('.ec-col-head', { hasText: 'Ben' }).waitFor();
  };
  const optionsOf = async (select: ReturnType<typeof page.locator>) =>
    (await select.locator('option').allInnerTexts()).map((text) => text.replace(/ \(.*\)$/, ''));

  it('offers in the booking form only the staff who do the service, and only the services of the staff member chosen', async () => {
    await openCalendar();
    await page.getByRole('button', { name: 'New booking' }).click();
    const form = page.locator('dialog.form-dialog');
    const service = form.getByLabel('Service');
    const staff = form.getByLabel('Staff member');
    await service.selectOption(String(salon.colour));
    assert.deepEqual(await optionsOf(staff), ['Whoever is free', 'Anna'], 'Ben does no colour');
    await service.selectOption(String(salon.haircut));
    assert.deepEqual(await optionsOf(staff), ['Whoever is free', 'Anna', 'Ben']);
    await staff.selectOption(String(salon.ben));
    assert.deepEqual(await optionsOf(service), ['Haircut'], 'Ben does haircuts only');
    await staff.selectOption('');
    assert.deepEqual(await optionsOf(service), ['Haircut', 'Colour']);
    await form.getByRole('button', { name: 'Cancel' }).click();

    // A click in Ben's column opens the form on him: his services only.
    const benColumn = (await page.locator('.ec-body .ec-day').nth(1).boundingBox())!;
    await page.mouse.click(benColumn.x + benColumn.width / 2, benColumn.y + 10);
    await form.waitFor();
    assert.equal(await staff.inputValue(), String(salon.ben));
    assert.deepEqual(await optionsOf(service), ['Haircut']);
    await form.getByRole('button', { name: 'Cancel' }).click();

    // A service nobody does: said so, and not booked.
    const beard = (await admin(app, 'POST', `${salon.base}/services`, { name: 'Beard trim', durationMinutes: 15, price: 1500 }, 201)).body;
    await openCalendar();
    await page.getByRole('button', { name: 'New booking' }).click();
    await service.selectOption(String(beard.id));
    assert.deepEqual(await optionsOf(staff), ['Nobody does this yet']);
    await form.getByText('Nobody does Beard trim yet: tick it for a staff member on the Staff page.').waitFor();
    await form.getByLabel('Time').fill('10:00');
    await form.getByLabel('Client name').fill('Bea Beard');
    await form.getByLabel('Phone').fill('+49 30 44');
    await form.getByRole('button', { name: 'Book' }).click();
    await form
      .getByRole('alert')
      .getByText(/Nobody does Beard trim yet/)
      .waitFor();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await page.locator('dialog.confirm').getByRole('button', { name: 'Discard' }).click();
  });

  it('shades the salon’s lunch as a break in every column, also for a staff member without a break of their own', async () => {
    const saturday = '2026-11-28';
    await admin(
      app,
      'PATCH',
      salon.base,
      {
        workingHours: {
          ...Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => [day, [{ start: '09:00', end: '18:00' }]])),
          sun: [],
          sat: [
            { start: '09:00', end: '13:00' },
            { start: '14:00', end: '18:00' },
          ],
        },
      },
      200,
    );
    const benWithoutBreak = { ...SCHEDULE, sat: { hours: [{ start: '09:00', end: '18:00' }], breaks: [] } };
    await admin(app, 'PUT', `${salon.base}/staff/${salon.ben}/schedule`, benWithoutBreak, 200);
    await openCalendar(saturday);
    // The library draws every column's shading in one layer over the grid: a column's are those within its box.
    const breaks = page.locator('.ec-body .ec-bg-event.break');
    const shaded = await breaks.evaluateAll((els) =>
      els.map((el) => ({ ...JSON.parse(JSON.stringify(el.getBoundingClientRect())), title: el.getAttribute('title') })),
    );
    for (const column of [0, 1]) {
      const day = (await page.locator('.ec-body .ec-day').nth(column).boundingBox())!;
      // The grid runs 09:00 to 18:00: 13:00 is 4/9 down, 14:00 5/9.
      const [top, bottom] = [day.y + (day.height * 4) / 9, day.y + (day.height * 5) / 9];
      const lunch = shaded.filter(
        (b) =>
          Math.abs(b.x - day.x) < 3 &&
          Math.abs(b.width - day.width) < 3 &&
          Math.abs(b.y - top) < 3 &&
          Math.abs(b.y + b.height - bottom) < 3,
      );
      assert.deepEqual(
        lunch.map((b) => b.title),
        ['The salon’s break'],
        `column ${column}: 13:00–14:00 shaded as the salon's break (${JSON.stringify({ day, top, bottom, shaded })})`,
      );
    }
  });

  it('writes a 15-minute cleanup readably, whole, inside its box', async () => {
    await admin(app, 'PATCH', `${salon.base}/services/${salon.colour}`, { bufferAfterMinutes: 15, bufferBeforeMinutes: 15 }, 200);
    await admin(
      app,
      'POST',
      `${salon.base}/bookings`,
      {
        serviceId: salon.colour,
        staffId: salon.anna,
        startTime: `${MONDAY}T10:00:00+01:00`,
        client: { name: 'Cora Colour', phone: '+49 30 55' },
      },
      201,
    );
    for (const week of [false, true]) {
      await page.goto(`${app.url}/#calendar/${MONDAY}${week ? '/week' : ''}`);
      await page.reload();
      for (const [kind, words, whole] of [
        ['cleanup', 'Cleanup', 'Cleanup after Colour, 11:30–11:45'],
        ['preparation', 'Prep', 'Preparation for Colour, 09:45–10:00'],
      ] as const) {
        const box = page.locator(`.ec-event.${kind}`).first();
        await box.waitFor();
        assert.equal(await box.getAttribute('title'), whole, 'the whole of it on hover');
        const label = box.locator('.ec-event-title');
        assert.equal(await label.innerText(), words);
        const cut = await label.evaluate((el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight + 1);
        assert.equal(cut, false, `${kind} ${week ? 'in the week' : 'on the day'}: its words fit`);
        const [outer, inner] = [(await box.boundingBox())!, (await label.boundingBox())!];
        assert.ok(inner.x >= outer.x - 1 && inner.x + inner.width <= outer.x + outer.width + 1, 'inside its box');
        assert.ok(inner.y >= outer.y - 1 && inner.y + inner.height <= outer.y + outer.height + 1, 'inside its box');
      }
    }
  });

  it('asks once before declining from the inbox, with buttons that say what they do', async () => {
    const booking = (
      await app.request('POST', '/v1/integration/bookings', {
        key: salon.key,
        body: {
          serviceId: salon.haircut,
          staffId: salon.ben,
          startTime: `${MONDAY}T15:00:00+01:00`,
          client: { name: 'Dana Decline', email: 'dana@example.com' },
        },
      })
    ).body as { id: number };
    const status = async () => (await admin(app, 'GET', `${salon.base}/bookings/${booking.id}`, undefined, 200)).body;
    await page.goto(`${app.url}/#inbox`);
    await page.reload();
    const card = page.locator(`.inbox article[data-booking-id="${booking.id}"]`);
    await card.getByRole('button', { name: 'Decline…' }).click();
    const question = card.locator('form.decline');
    await question.getByText(/cannot be undone/).waitFor();
    assert.deepEqual(await question.getByRole('button').allInnerTexts(), ['Decline booking', 'Keep the booking']);
    await question.getByRole('button', { name: 'Keep the booking' }).click();
    await question.waitFor({ state: 'hidden' });
    assert.equal((await status()).status, 'pending', 'kept');

    await card.getByRole('button', { name: 'Decline…' }).click();
    await question.getByLabel('Reason for declining').fill('Ben is off sick');
    await question.getByRole('button', { name: 'Decline booking' }).click();
    await card.waitFor({ state: 'detached' });
    assert.equal(await page.locator('dialog').count(), 0, 'no second question');
    await page.locator('.inbox .notice', { hasText: 'Declined: Dana Decline' }).waitFor();
    const declined = await status();
    assert.deepEqual([declined.status, declined.cancelReason], ['cancelled', 'Ben is off sick']);
  });
});
