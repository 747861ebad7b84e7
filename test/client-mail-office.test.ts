import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { seriousA11yProblems } from './helpers/axe.ts';
import { admin, bookingBody, MONDAY } from './helpers/salon.ts';
import { SmtpReceiver } from './helpers/smtp.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';
import { eventually } from './helpers/wait.ts';

// Issue 22, section 2, as the salon sees it: Settings' mail server and test e-mail, the sentence
// without one or with a wrong one, the clients' side of things, each message on a booking's
// "What happened", and an address its mail server refused, on the client.
describe('clients’ e-mail in the back office, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, salon } = useSalon({ name: 'Salon Rosa' });
  let smtp: SmtpReceiver;

  before(async () => {
    smtp = await SmtpReceiver.start({
      login: { user: 'rosa', pass: 'right password' },
      recipients: (address) => (address.startsWith('gone@') ? { code: 550, message: '5.1.1 No such mailbox' } : undefined),
    });
    await admin(app, 'PATCH', salon.base, { email: 'hello@rosa.test' }, 200);
  });
  after(async () => {
    await smtp?.close();
  });
  const { page } = useBrowser({ app, logInAt: '/#settings' });

  const mailForm = () => page.locator('#mail-settings');
  const book = async (time: string, email: string) => {
    const reply = await app.request('POST', '/v1/integration/bookings', {
      key: salon.key,
      body: bookingBody(salon.haircut, `${MONDAY}T${time}:00+01:00`, { client: { name: 'Ada Lovelace', email } }),
    });
    assert.equal(reply.status, 201, reply.text);
    return reply.body.id as number;
  };

  it('Settings says plainly that clients get no e-mail yet; a wrong password is one sentence; the right one sends', async () => {
    await page.goto(`${app.url}/#settings`);
    await mailForm().getByText('Clients get no e-mail yet: no mail server is set up.', { exact: false }).waitFor();
    // Where the owner sets up the booking page too, what its clients are told without e-mail (issue 27).
    const noMail = page.locator('.booking-page-part').getByText(/^Clients who book here get no e-mail until a mail server is set up/);
    await noMail.waitFor();
    await page.getByLabel('Mail server (SMTP)').fill('127.0.0.1');
    await page.getByLabel('Port').fill(String(smtp.port));
    await page.getByLabel('Security').selectOption('none');
    await page.getByLabel('User name (optional)').fill('rosa');
    await page.getByLabel('Password (optional)').fill('wrong password');
    await page.getByRole('button', { name: 'Save mail server' }).click();
    await mailForm().getByText('Saved the mail server.', { exact: false }).waitFor();
    await mailForm().getByText(`Clients’ e-mails go out through 127.0.0.1, port ${smtp.port} from hello@rosa.test.`).waitFor();
    await page.getByRole('button', { name: 'Send a test e-mail' }).click();
    await page
      .locator('#mail-test .notice.error')
      .getByText('The mail server refused the user name or password', { exact: false })
      .waitFor();
    assert.deepEqual(await seriousA11yProblems(page, '#view'), []);

    await page.getByLabel('Password (optional)').fill('right password');
    await page.getByRole('button', { name: 'Save mail server' }).click();
    await mailForm().getByText('Saved the mail server.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Send a test e-mail' }).click();
    await page
      .locator('#mail-test .notice.good')
      .getByText('Sent a test e-mail to hello@rosa.test from hello@rosa.test.', { exact: false })
      .waitFor();
    assert.equal((await smtp.waitFor(1))[0]!.mail.subject, "Test e-mail from Salon Rosa's booking server");
    await page.reload();
    await mailForm().getByText(`Clients’ e-mails go out through 127.0.0.1`, { exact: false }).waitFor();
    assert.equal(await noMail.count(), 0, 'with a mail server, the booking page part says nothing of it');
  });

  it('Settings sets the clients’ reminder and cut-off', async () => {
    await page.getByLabel('Reminder, hours before the visit').fill('2');
    await page.getByLabel('Clients can move or cancel online until, hours before the visit').fill('12');
    await page.locator('#client-rules').getByRole('button', { name: 'Save' }).click();
    await page
      .getByText('Saved: clients get a reminder 2 hours before the visit, and can move or cancel online until 12 hours before it.')
      .waitFor();
    const business = (await admin(app, 'GET', salon.base, undefined, 200)).body;
    assert.deepEqual([business.reminderLeadMinutes, business.cancelCutoffMinutes], [120, 12 * 60]);
  });

  it('a booking’s "What happened" shows each e-mail to the client with its outcome, and who moved it', async () => {
    const id = await book('10:00', 'ada@example.com');
    const message = await eventually(() => smtp.messages.find((m) => m.to.includes('ada@example.com')), 5_000, 'the e-mail');
    const token = /\/manage\/(mng_[\w-]{43})/.exec(message.mail.html || '')![1];
    const moved = await app.request('POST', `/v1/integration/manage/${token}/reschedule`, {
      body: { startTime: `${MONDAY}T11:00:00+01:00` },
    });
    assert.equal(moved.status, 200, moved.text);
    await eventually(async () => {
      const events = (await admin(app, 'GET', `${salon.base}/bookings/${id}/events`, undefined, 200)).body.data;
      return events.every((e: any) => e.messages.every((m: any) => m.status === 'sent')) ? true : undefined;
    });
    await page.goto(`${app.url}/#bookings/${id}`);
    const history = page.locator('.booking-events');
    await history.getByText('E-mail to the client: “Booking received, waiting for confirmation” (ada@example.com)').waitFor();
    await history.getByText('E-mail to the client: “New time” (ada@example.com)').waitFor();
    await history.getByText('By the client, with the link in their e-mail.').waitFor();
    assert.equal(await history.locator('.client-messages .badge.good', { hasText: 'Sent' }).count(), 2);
  });

  it('an address its mail server refused is shown on the client until the salon says it works again', async () => {
    const id = await book('12:00', 'gone@example.com');
    await eventually(async () => {
      const events = (await admin(app, 'GET', `${salon.base}/bookings/${id}/events`, undefined, 200)).body.data;
      return events[0].messages[0].status === 'failed' ? true : undefined;
    });
    await page.goto(`${app.url}/#bookings/${id}`);
    await page.locator('.booking-events').getByText('Not delivered', { exact: true }).waitFor();
    const client = (await admin(app, 'GET', `${salon.base}/clients?search=gone`, undefined, 200)).body.data[0];
    await page.goto(`${app.url}/#clients/${client.id}`);
    await page.getByText('This address does not work: its mail server refused it', { exact: false }).waitFor();
    assert.deepEqual(await seriousA11yProblems(page, '#view'), []);
    await page.getByRole('button', { name: 'The address works again' }).click();
    await page.getByRole('heading', { name: 'E-mail', exact: true }).waitFor({ state: 'detached' });
    assert.equal((await admin(app, 'GET', `${salon.base}/clients/${client.id}`, undefined, 200)).body.emailState, null);
  });

  it('Settings removes the salon’s mail server after a question, and says again that clients get no e-mail', async () => {
    await page.goto(`${app.url}/#settings`);
    await mailForm().getByRole('button', { name: 'Remove the salon’s mail server' }).click();
    await page.getByRole('dialog').getByText('Clients then get no e-mail until a mail server is set up again.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove mail server' }).click();
    await mailForm().getByText('Removed the salon’s mail server.').waitFor();
    await mailForm().getByText('Clients get no e-mail yet: no mail server is set up.', { exact: false }).waitFor();
    assert.equal(await mailForm().getByRole('button', { name: 'Remove the salon’s mail server' }).isHidden(), true);
    assert.equal((await admin(app, 'GET', `${salon.base}/mail`, undefined, 200)).body.configured, false);
  });
});
