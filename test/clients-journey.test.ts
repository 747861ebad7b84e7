import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import ICAL from 'ical.js';
import { ADMIN_TOKEN } from './helpers/app.ts';
import { logIn } from './helpers/browser.ts';
import { admin } from './helpers/salon.ts';
import { SmtpReceiver, type Arrived } from './helpers/smtp.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';
import { eventually } from './helpers/wait.ts';

/** The start and UID of a message's calendar invitation, read by ical.js. */
function invitation(message: Arrived) {
  const file = message.mail.attachments.find((a) => /calendar|ics/.test(a.contentType))!;
  const calendar = new ICAL.Component(ICAL.parse(file.content.toString('utf8')));
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  return { method: calendar.getFirstPropertyValue('method'), uid: event.uid, start: event.startDate.toJSDate().getTime() };
}

// Issue 22, "Done when", as people would do it in Chromium: the salon's website (another origin)
// with the embed line, a client books in it, the confirmation arrives at a real SMTP server with
// its invitation, the client moves the visit with the link in it, the reminder arrives at its time
// (a short lead, the clock moved), and the salon sees all of it on the booking.
describe('a client’s visit from the website to the reminder, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { clock, app, salon } = useSalon({ name: 'Salon Lena' });
  let smtp: SmtpReceiver;
  let site: http.Server;

  before(async () => {
    smtp = await SmtpReceiver.start();
    await admin(app, 'PATCH', salon.base, { email: 'hello@lena.test', phone: '+49 30 5555', reminderLeadMinutes: 60 }, 200);
    await admin(app, 'PUT', `${salon.base}/mail`, { host: '127.0.0.1', port: smtp.port, tls: 'none' }, 200);
    const { embedLine } = (await admin(app, 'GET', `${salon.base}/booking-page`, undefined, 200)).body;
    site = http.createServer((_, res) => {
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Salon Lena</title></head><body><h1>Salon Lena</h1>${embedLine}</body></html>`,
      );
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  });
  after(async () => {
    await smtp?.close();
    site?.closeAllConnections();
    await new Promise((resolve) => site?.close(resolve));
  });
  const { page } = useBrowser();

  it('books on the website, gets the e-mail, moves the visit with its link, is reminded, and the salon sees it all', async () => {
    await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
    const frame = page.frameLocator('iframe');
    await frame.getByLabel(/Haircut/).check();
    await frame.getByRole('button', { name: 'Continue' }).click();
    await frame.getByLabel(/Anna/).check();
    await frame.getByRole('button', { name: 'Continue' }).click();
    await frame.getByRole('button', { name: '10:00, Monday 23 November' }).click();
    await frame.getByLabel('Your name').fill('Lena Kraus');
    await frame.getByLabel('E-mail').fill('lena@example.com');
    await frame.getByRole('button', { name: 'Book', exact: true }).click();
    await frame.getByRole('heading', { name: 'You are booked' }).waitFor();

    const [booked] = await smtp.waitFor(1);
    assert.deepEqual(booked!.to, ['lena@example.com']);
    assert.equal(booked!.mail.subject, 'Your appointment at Salon Lena: Monday, 23 November 2026 at 10:00');
    const first = invitation(booked!);
    assert.equal(first.method, 'REQUEST');
    assert.equal(first.start, Date.parse('2026-11-23T10:00:00+01:00'));

    const link = /href="(http:\/\/[^"]+\/manage\/mng_[\w-]{43})"/.exec(booked!.mail.html || '')![1]!;
    await page.goto(link);
    await page.getByRole('button', { name: 'Move to another time' }).click();
    await page.getByText('Mon 23 Nov', { exact: true }).click();
    await page.getByText('11:00', { exact: true }).click();
    await page.getByRole('button', { name: 'Move to Monday, 23 November 2026 at 11:00' }).click();
    await page.getByText('Done: your appointment is now on Monday, 23 November 2026 at 11:00.', { exact: false }).waitFor();
    const moved = (await smtp.waitFor(2))[1]!;
    assert.equal(moved.mail.subject, 'New time: your appointment at Salon Lena is now Monday, 23 November 2026 at 11:00');
    assert.deepEqual([invitation(moved).uid, invitation(moved).start], [first.uid, Date.parse('2026-11-23T11:00:00+01:00')]);

    clock.set(Date.parse('2026-11-23T10:00:00+01:00'));
    const reminder = (await smtp.waitFor(3))[2]!;
    assert.equal(reminder.mail.subject, 'Reminder: your appointment at Salon Lena, Monday, 23 November 2026 at 11:00');

    const [booking] = (await admin(app, 'GET', `${salon.base}/bookings?from=2026-11-23&to=2026-11-23`, undefined, 200)).body.data;
    await eventually(async () => {
      const events = (await admin(app, 'GET', `${salon.base}/bookings/${booking.id}/events`, undefined, 200)).body.data;
      return events.every((e: any) => e.messages.every((m: any) => m.status === 'sent')) ? true : undefined;
    });
    await logIn(page, `${app.url}/#bookings/${booking.id}`, ADMIN_TOKEN);
    const history = page.locator('.booking-events');
    await history.getByText('E-mail to the client: Booking confirmation (lena@example.com)').waitFor();
    await history.getByText('By the client, with the link in their e-mail.').waitFor();
    await history.getByText('E-mail to the client: “New time” (lena@example.com)').waitFor();
    await history.getByText('E-mail to the client: Reminder (lena@example.com)').waitFor();
    assert.equal(await history.locator('.client-messages .badge.good', { hasText: 'Sent' }).count(), 3);
  });
});
