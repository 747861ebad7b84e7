import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { seriousA11yProblems } from './helpers/axe.ts';
import { fitsWidth } from './helpers/browser.ts';
import { admin, bookingBody, MONDAY, TEST_NOW } from './helpers/salon.ts';
import { SmtpReceiver } from './helpers/smtp.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';
import { eventually } from './helpers/wait.ts';

// Issue 22, section 3: the client's own page, from the link in their e-mail, on a phone first.
describe('the client’s manage page, in Chromium on a 375 px phone', () => {
  if (skippedWithoutChromium()) return;
  const { clock, app, salon } = useSalon({ name: 'Salon Rosa' });
  let smtp: SmtpReceiver;
  /** Every address of this server the page asked for. */
  const asked: string[] = [];

  before(async () => {
    smtp = await SmtpReceiver.start();
    await admin(app, 'PATCH', salon.base, { email: 'hello@rosa.test', phone: '+49 30 1234', address: 'Rosenweg 1, Berlin' }, 200);
    await admin(app, 'PUT', `${salon.base}/mail`, { host: '127.0.0.1', port: smtp.port, tls: 'none' }, 200);
  });
  after(async () => {
    await smtp?.close();
  });
  const { page } = useBrowser();
  before(async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === app.url) asked.push(url.pathname);
    });
  });

  /** Books as a website would and opens the link from the e-mail the client got. */
  const bookAndOpen = async (startTime: string, email: string, heading = 'Your appointment') => {
    const reply = await app.request('POST', '/v1/integration/bookings', {
      key: salon.key,
      body: bookingBody(salon.haircut, startTime, { staffId: salon.anna, client: { name: 'Ada Lovelace', email } }),
    });
    assert.equal(reply.status, 201, reply.text);
    const message = await eventually(() => smtp.messages.find((m) => m.to.includes(email)), 5_000, 'the e-mail');
    const link = /href="(http:\/\/[^"]+\/manage\/mng_[\w-]{43})"/.exec(message.mail.html || '')![1]!;
    await page.goto(link);
    await page.getByRole('heading', { name: heading }).waitFor();
    return reply.body.id as number;
  };
  const events = async (id: number) => (await admin(app, 'GET', `${salon.base}/bookings/${id}/events`, undefined, 200)).body.data;

  it('shows the visit and moves it to another free time, by the salon’s rules; the salon sees the client did it', async () => {
    const id = await bookAndOpen(`${MONDAY}T10:00:00+01:00`, 'ada@example.com');
    const facts = page.locator('dl.visit-facts');
    await assert.doesNotReject(facts.getByText('Monday, 23 November 2026, 10:00–10:45').waitFor());
    await facts.getByText('Anna').waitFor();
    await facts.getByText('Salon Rosa, Rosenweg 1, Berlin').waitFor();
    await page.getByText('You can move or cancel it here until Sunday, 22 November 2026 at 10:00.').waitFor();
    assert.deepEqual(await seriousA11yProblems(page), []);
    const width = await fitsWidth(page);
    assert.ok(width.scrollWidth <= width.width, `fits a phone: ${width.scrollWidth} > ${width.width}`);
    // Nothing of the back office: a proxy that passes /manage/ and the client's API serves it whole.
    const outside = asked.filter((path) => !path.startsWith('/manage/') && !path.startsWith('/v1/integration/manage/'));
    assert.deepEqual(outside, []);

    await page.getByRole('button', { name: 'Move to another time' }).click();
    await page.getByRole('heading', { name: 'Choose a new time' }).waitFor();
    await page.getByText('Mon 23 Nov', { exact: true }).click();
    await page.getByText('11:00', { exact: true }).click();
    assert.deepEqual(await seriousA11yProblems(page), []);
    await page.getByRole('button', { name: 'Move to Monday, 23 November 2026 at 11:00' }).click();
    await page.getByText('Done: your appointment is now on Monday, 23 November 2026 at 11:00.', { exact: false }).waitFor();
    await facts.getByText('Monday, 23 November 2026, 11:00–11:45').waitFor();
    const [moved] = await events(id);
    assert.equal(moved.event, 'booking.rescheduled');
    assert.equal(moved.data.rescheduledBy, 'client');
    assert.equal(moved.data.startTime, '2026-11-23T11:00:00.000+01:00');
  });

  it('cancels with a reason, by keyboard alone', async () => {
    const id = await bookAndOpen(`${MONDAY}T15:00:00+01:00`, 'grace@example.com');
    await page.getByRole('button', { name: 'Cancel the appointment' }).focus();
    await page.keyboard.press('Enter');
    await page.getByLabel('Reason (optional)').waitFor();
    await page.keyboard.type('Moving house');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByText('Your appointment is cancelled.', { exact: false }).waitFor();
    await page.locator('dl.visit-facts').getByText('Cancelled').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Move to another time' }).count(), 0);
    const [cancelled] = await events(id);
    assert.equal(cancelled.event, 'booking.cancelled');
    assert.equal(cancelled.data.cancelledBy, 'client');
    assert.equal(cancelled.data.cancelReason, 'Moving house');
  });

  it('inside the salon’s cut-off gives its phone instead', async () => {
    await bookAndOpen('2026-11-24T10:00:00+01:00', 'late@example.com');
    clock.set(Date.parse('2026-11-23T12:00:00+01:00'));
    try {
      await page.reload();
      await page.getByText('To move or cancel it now, please call the salon: +49 30 1234.').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Move to another time' }).count(), 0);
      assert.equal(await page.getByRole('button', { name: 'Cancel the appointment' }).count(), 0);
      await page.getByRole('link', { name: '+49 30 1234' }).waitFor();
      assert.deepEqual(await seriousA11yProblems(page), []);
    } finally {
      clock.set(TEST_NOW);
    }
  });

  it('speaks the salon’s language, and stops reminders from the link in a reminder', async () => {
    await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: 'de-DE' }, 200);
    try {
      await bookAndOpen('2026-11-25T10:00:00+01:00', 'greta@example.com', 'Ihr Termin');
      assert.equal(await page.evaluate(() => (globalThis as any).document.documentElement.lang), 'de-DE');
      await page.locator('dl.visit-facts').getByText('Mittwoch, 25. November 2026, 10:00–10:45').waitFor();
      await page.goto(`${page.url()}?reminders=stop`);
      await page.getByText('Möchten Sie die Erinnerungen vor Ihren Terminen abbestellen?').waitFor();
      await page.getByRole('button', { name: 'Keine Erinnerungen mehr' }).click();
      await page.getByText('Erledigt: Sie bekommen von diesem Salon keine Erinnerungen mehr.').waitFor();
      const client = (await admin(app, 'GET', `${salon.base}/clients?search=greta`, undefined, 200)).body.data[0];
      assert.ok(client.emailState.remindersOffAt);
      assert.deepEqual(await seriousA11yProblems(page), []);
    } finally {
      await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: 'en-GB' }, 200);
    }
  });
});
