// The clients' side for the README, in docs/screenshots/: an e-mail as a client sees it, and the
// page its link opens, on a phone: npm run screenshots:client-mail; a test salon on the test clock.
import path from 'node:path';
import { TestApp } from './helpers/app.ts';
import { openBrowser } from './helpers/browser.ts';
import { TestClock } from './helpers/clock.ts';
import { admin, bookingBody, makeSalon, MONDAY, TEST_NOW } from './helpers/salon.ts';
import { SmtpReceiver } from './helpers/smtp.ts';
import { eventually } from './helpers/wait.ts';

const OUT = path.resolve(import.meta.dirname, '../docs/screenshots');
const smtp = await SmtpReceiver.start();
const app = await TestApp.start({ clock: new TestClock(TEST_NOW) });
const browser = await openBrowser();
try {
  const salon = await makeSalon(app, 'Hair by Anna');
  await admin(
    app,
    'PATCH',
    salon.base,
    { email: 'hello@hairbyanna.example', phone: '+49 30 1234567', address: 'Rosenweg 1, 10115 Berlin' },
    200,
  );
  await admin(app, 'PUT', `${salon.base}/mail`, { host: '127.0.0.1', port: smtp.port, tls: 'none' }, 200);
  const booked = await app.request('POST', '/v1/integration/bookings', {
    key: salon.key,
    body: bookingBody(salon.colour, `${MONDAY}T10:00:00+01:00`, {
      staffId: salon.anna,
      client: { name: 'Maria Schmidt', email: 'maria@example.com' },
    }),
  });
  if (booked.status !== 201) throw new Error(booked.text);
  await admin(app, 'POST', `${salon.base}/bookings/${booked.body.id}/confirm`, undefined, 200);
  const confirmed = await eventually(() => smtp.messages.find((m) => m.mail.subject?.startsWith('Confirmed:')), 5_000, 'the e-mail');
  const page = await browser.page();
  await page.setViewportSize({ width: 600, height: 700 });
  // A blank page has no Content-Security-Policy, like a mail program showing the message.
  await page.setContent(
    `<p style="font:13px system-ui;color:#555;margin:8px 16px">From: Hair by Anna &lt;hello@hairbyanna.example&gt;<br>Subject: ${confirmed.mail.subject}<br>Attachment: appointment.ics</p><hr>${confirmed.mail.html}`,
  );
  await page.screenshot({ path: path.join(OUT, 'client-email.png'), fullPage: true });
  const link = /href="(http:\/\/[^"]+\/manage\/mng_[\w-]{43})"/.exec(confirmed.mail.html || '')![1]!;
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(link);
  await page.getByRole('button', { name: 'Move to another time' }).waitFor();
  await page.screenshot({ path: path.join(OUT, 'phone-manage-visit.png') });
  console.log('client-email.png, phone-manage-visit.png');
} finally {
  await browser.close();
  await app.stop();
  await smtp.close();
}
