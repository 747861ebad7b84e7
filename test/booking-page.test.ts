import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Frame, Locator, Page } from 'playwright-core';
import { seriousA11yProblems } from './helpers/axe.ts';
import { ADMIN_TOKEN } from './helpers/app.ts';
import { fitsWidth, logIn } from './helpers/browser.ts';
import { admin } from './helpers/salon.ts';
import { SmtpReceiver } from './helpers/smtp.ts';
import { eventually } from './helpers/wait.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// Issue 22, section 1, tried as a client would, in Chromium: the salon's website (another origin:
// 127.0.0.1 on another port) pastes the embed line, and a client books in the frame it makes; on
// a phone, in German, by keyboard alone, with no serious accessibility problem; and the page with
// its script stays under 100 KB.

/** A website of its own, on another port: the salon's home page with the embed line pasted in. */
async function website(embedLine: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Salon — welcome</title></head><body><h1>Welcome to the salon</h1><p><label>Search this site <input id="site-search" autofocus></label></p><p>Book online:</p>${embedLine}<p>See you soon.</p></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Presses Tab until the focused element has `name` (an accessible name or label), at most 40 times. */
async function tabTo(page: Page, frame: Frame | Page, name: RegExp): Promise<void> {
  for (let i = 0; i < 40; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await frame.evaluate(() => {
      const el = (globalThis as any).document.activeElement;
      if (!el) return '';
      const label = el.id ? (globalThis as any).document.querySelector(`label[for="${el.id}"]`)?.textContent : '';
      return `${el.getAttribute('aria-label') ?? ''} ${label ?? ''} ${el.textContent ?? ''}`;
    });
    if (name.test(focused)) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

describe('the booking page in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, salon } = useSalon({ name: 'Salon Lena' });

  before(async () => {
    await admin(
      app,
      'PATCH',
      `${salon.base}/booking-page`,
      { accentColor: '#f4c542', cancellationPolicy: 'Cancel at least 24 hours ahead, or we charge half the price.' },
      200,
    );
  });
  const { page, guard } = useBrowser();

  it('books through the embed line pasted into a website on another origin', async () => {
    const settings = (await admin(app, 'GET', `${salon.base}/booking-page`, undefined, 200)).body;
    assert.doesNotMatch(settings.embedLine, /bk_live_|X-API-Key/i, 'no key in the line');
    const site = await website(settings.embedLine);
    try {
      assert.notEqual(new URL(site.url).origin, new URL(app.url).origin);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(site.url);
      const iframe = page.locator('iframe');
      await iframe.waitFor();
      // The frame is named once the page inside has loaded and told embed.js the salon's name.
      await page.waitForFunction(() => (globalThis as any).document.querySelector('iframe')?.title !== 'Book an appointment');
      assert.equal(await iframe.getAttribute('title'), 'Book at Salon Lena', 'the page names the frame');
      const frame = page.frameLocator('iframe');
      await frame.getByRole('heading', { name: 'What would you like to book?' }).waitFor();
      const focused = () => page.evaluate(() => (globalThis as any).document.activeElement?.id);
      assert.equal(await focused(), 'site-search', 'the page, loaded, leaves the focus where the website has it');
      await frame.getByLabel(/Haircut/).check();
      await frame.getByRole('button', { name: 'Continue' }).click();
      await frame.getByLabel(/Anna/).check();
      await frame.getByRole('button', { name: 'Continue' }).click();
      await frame.getByRole('heading', { name: 'Choose a time' }).waitFor();
      await frame.getByRole('button', { name: '10:00, Monday 23 November' }).click();
      await frame.getByRole('heading', { name: 'Your details' }).waitFor();
      await frame.getByText('We are keeping this time for you for 5:00.').or(frame.getByText('for 4:5')).first().waitFor();
      await frame.getByText('Cancel at least 24 hours ahead, or we charge half the price.').waitFor();
      await frame.getByLabel('Your name').fill('Lena Kraus');
      await frame.getByLabel('E-mail').fill('lena@example.com');
      await frame.getByLabel(/Phone/).fill('+49 170 1234567');
      await frame.getByRole('button', { name: 'Book', exact: true }).click();
      await frame.getByRole('heading', { name: 'You are booked' }).waitFor();
      await frame.getByText('Monday 23 November, 10:00–10:45').waitFor();
      assert.doesNotMatch(await frame.locator('body').innerText(), /\bnull\b/, 'nothing missing written as "null"');

      const bookings = (await admin(app, 'GET', `${salon.base}/bookings?from=2026-11-23&to=2026-11-23`, undefined, 200)).body.data;
      assert.equal(bookings.length, 1);
      assert.equal(bookings[0].status, 'confirmed');
      assert.equal(bookings[0].staffName, 'Anna');
      assert.deepEqual(bookings[0].bookedAs, { name: 'Lena Kraus', email: 'lena@example.com', phone: '+49 170 1234567' });

      // The frame is as tall as the page in it: no scroll bar inside, no gap below.
      const heights = await page.evaluate(() => {
        const frameEl = (globalThis as any).document.querySelector('iframe');
        return {
          frame: frameEl.getBoundingClientRect().height,
          content: frameEl.contentDocument?.body?.getBoundingClientRect().height ?? -1,
        };
      });
      assert.equal(heights.content, -1, 'the website cannot look inside the frame (another origin)');
      const inner = await page.frames()[1]!.evaluate(() => (globalThis as any).document.body.getBoundingClientRect().height);
      assert.ok(Math.abs(heights.frame - Math.ceil(inner)) <= 1, `frame ${heights.frame} px, page ${inner} px`);
      assert.notEqual(heights.frame, 640, 'resized from its first height');
    } finally {
      await site.close();
    }
  });

  it('works on a 375 px phone, in German, by keyboard alone, without a serious accessibility problem', async () => {
    await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: 'de-DE' }, 200);
    try {
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto(`${app.url}/book/salon-lena`);
      await page.getByRole('heading', { name: 'Was möchten Sie buchen?' }).waitFor();
      assert.equal(await page.evaluate(() => (globalThis as any).document.documentElement.lang), 'de-DE');
      const problems: string[] = [];
      const check = async (step: string) => {
        problems.push(...(await seriousA11yProblems(page)).map((p) => `${step}: ${p}`));
        const { scrollWidth, width } = await fitsWidth(page);
        assert.ok(scrollWidth <= width, `${step}: ${scrollWidth} px wide on a ${width} px screen`);
      };
      await check('services');
      await tabTo(page, page, /Haircut/);
      await page.keyboard.press('Space');
      await tabTo(page, page, /^\s*Weiter\s*$/);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Bei wem möchten Sie den Termin?' }).waitFor();
      await check('staff');
      await tabTo(page, page, /Egal/);
      await page.keyboard.press('Space');
      await tabTo(page, page, /^\s*Weiter\s*$/);
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: /^11:00 Uhr, Montag, 23\. November$/ }).waitFor();
      await check('time');
      await tabTo(page, page, /^11:00 Uhr, Montag, 23\. November/);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Ihre Angaben' }).waitFor();
      await check('details');
      await tabTo(page, page, /Ihr Name/);
      await page.keyboard.type('Jonas Berg');
      await tabTo(page, page, /E-Mail/);
      await page.keyboard.type('jonas@example.com');
      await tabTo(page, page, /^\s*Buchen\s*$/);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Ihr Termin ist gebucht' }).waitFor();
      await page.getByText('Montag, 23. November, 11:00–11:45').waitFor();
      await check('done');
      assert.deepEqual(problems, []);
    } finally {
      await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: null }, 200);
    }
  });

  it('says in the client’s language why a time cannot be booked, and keeps what they typed', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${app.url}/book/salon-lena`);
    await page.getByLabel(/Colour/).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: '14:00, Monday 23 November' }).click();
    await page.getByLabel('Your name').fill('Mia Sommer');
    await page.getByLabel('E-mail').fill('not an address');
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    await page.getByText('Please give an e-mail address such as name@example.com.').waitFor();
    assert.equal(await page.getByLabel('E-mail').getAttribute('aria-invalid'), 'true');
    assert.equal(await page.getByLabel('Your name').inputValue(), 'Mia Sommer');
    // The salon takes the time meanwhile (booking over the page's hold): the client is told, and chooses again.
    const hold = (await admin(app, 'GET', `${salon.base}/holds`, undefined, 200)).body.data[0];
    await admin(app, 'DELETE', `${salon.base}/holds/${hold.id}`, undefined, 204);
    await page.getByLabel('E-mail').fill('mia@example.com');
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    await page.getByText('The time was kept for you for a few minutes and is free again. Please choose a time.').waitFor();
    await page.getByRole('heading', { name: 'Choose a time' }).waitFor();
    guard.take();
  });

  it('is set up in Settings: short name, language, colour and logo, and the line and preview follow', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await logIn(page, `${app.url}/#settings`, ADMIN_TOKEN);
    const line = page.getByLabel('Line for your website');
    await line.waitFor();
    assert.equal(await line.inputValue(), `<script src="${app.url}/embed.js" data-business="salon-lena"></script>`);
    await page.getByLabel('Short name in its address').fill('lena');
    const language = page.getByLabel('Language, and how dates and times are written');
    assert.equal(await language.inputValue(), '', 'a new salon: each visitor’s language');
    await language.selectOption('de-DE');
    await page.getByLabel('Cancellation policy (optional)').fill('Bitte sagen Sie 24 Stunden vorher ab.');
    await page.getByRole('button', { name: 'Save the booking page' }).click();
    // The back office speaks the booking page's language (issue 27, defect 15): German at once.
    await page.getByText(`Gespeichert. Die Buchungsseite ist jetzt unter ${app.url}/book/lena`, { exact: false }).waitFor();
    await page.getByRole('heading', { name: 'Einstellungen des Salons' }).waitFor();
    const zeile = page.getByLabel('Zeile für Ihre Website');
    assert.equal(await zeile.inputValue(), `<script src="${app.url}/embed.js" data-business="lena"></script>`);
    await page.frameLocator('.page-preview iframe').getByRole('heading', { name: 'Was möchten Sie buchen?' }).waitFor();
    assert.equal((await app.request('GET', '/v1/booking-page/salon-lena')).status, 404);
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    await page.getByLabel('Logo auswählen').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await page.getByText('Logo gespeichert: Die Buchungsseite zeigt es jetzt.').waitFor();
    await page.getByRole('img', { name: 'Das aktuelle Logo' }).waitFor();
    await page.frameLocator('.page-preview iframe').locator('img.logo').waitFor();
    const problems = await seriousA11yProblems(page, { include: ['.booking-page-part'], exclude: ['.page-preview'] });
    assert.deepEqual(problems, []);
    // Back to each visitor's language: the form sends null, and the back office speaks the browser's (English) again.
    await page.getByLabel('Sprache und Schreibweise von Datum und Uhrzeit').selectOption('');
    await page.getByRole('button', { name: 'Buchungsseite speichern' }).click();
    await eventually(
      async () => ((await admin(app, 'GET', `${salon.base}/booking-page`, undefined, 200)).body.locale === null ? true : undefined),
      10_000,
      'the page settings saved with each visitor’s language',
    );
    await page.getByRole('heading', { name: 'Salon settings' }).waitFor();
    // Settings drawn again loads the preview and the logo of "lena" (twice: Settings' own and the
    // preview's): let both finish before the rename, or their requests would meet a 404. (The
    // network's "idle" state cannot tell: the document finished loading long ago.)
    const loaded = async (image: Locator) =>
      image.evaluate((img) => {
        const { complete, naturalWidth } = img as unknown as { complete: boolean; naturalWidth: number };
        return complete && naturalWidth > 0;
      });
    const logos = [page.frameLocator('.page-preview iframe').locator('img.logo'), page.getByRole('img', { name: 'The logo now' })];
    await eventually(async () => ((await Promise.all(logos.map(loaded))).every(Boolean) ? true : undefined), 10_000, 'both logos loaded');
    await admin(app, 'PATCH', `${salon.base}/booking-page`, { slug: 'salon-lena', locale: null }, 200);
    await admin(app, 'DELETE', `${salon.base}/booking-page/logo`, undefined, 200);
  });

  it('says there is no booking page at an address that names none, and nothing more', async () => {
    await page.goto(`${app.url}/book/no-such-salon`);
    await page.getByText('There is no booking page at this address. Check the link, or ask the salon for it.').waitFor();
    assert.doesNotMatch(await page.locator('body').innerText(), /null/, 'nothing missing written as "null"');
    // The page's address and the API's answer for it are 404s on purpose, and nothing else went wrong.
    assert.ok(
      guard.take().every((problem) => /\b404\b/.test(problem)),
      'only the 404s of an address that names no salon',
    );
  });

  it('stays under 100 KB with its script, measured as transferred', async () => {
    const sizes = new Map<string, number>();
    const listener = async (response: import('playwright-core').Response) => {
      const { responseBodySize, responseHeadersSize } = await response.request().sizes();
      sizes.set(new URL(response.url()).pathname, responseBodySize + responseHeadersSize);
    };
    page.on('requestfinished', async (request) => {
      const response = await request.response();
      if (response) await listener(response);
    });
    const site = await website((await admin(app, 'GET', `${salon.base}/booking-page`, undefined, 200)).body.embedLine);
    try {
      await page.goto(site.url);
      await page.frameLocator('iframe').getByRole('heading', { name: 'What would you like to book?' }).waitFor();
      await page.waitForLoadState('networkidle');
    } finally {
      await site.close();
    }
    page.removeAllListeners('requestfinished');
    const ours = [...sizes].filter(([path]) => path === '/embed.js' || path.startsWith('/book/') || path.startsWith('/v1/booking-page/'));
    const total = ours.reduce((sum, [, bytes]) => sum + bytes, 0);
    assert.ok(ours.some(([path]) => path === '/embed.js') && ours.some(([path]) => path === '/book/page.js'), JSON.stringify(ours));
    assert.ok(total < 100 * 1024, `${total} bytes: ${JSON.stringify(ours)}`);
  });
});

describe('what the booking page tells a new client whose booking waits for the salon (issue 27)', () => {
  if (skippedWithoutChromium()) return;
  const { app, salon } = useSalon({ name: 'Salon Lena' });
  let smtp: SmtpReceiver;

  before(async () => {
    smtp = await SmtpReceiver.start();
    await admin(app, 'PATCH', `${salon.base}/booking-page`, { confirmNewClients: true }, 200);
    await admin(app, 'PATCH', salon.base, { phone: '030 1234567' }, 200);
  });
  after(async () => {
    await smtp?.close();
  });
  const { page } = useBrowser();

  /** Books `time` on Tuesday as a new client; the words the page ends with. */
  async function bookAsNewClient(time: string, client: { name: string; email: string; phone?: string }, german = false) {
    await page.goto(`${app.url}/book/salon-lena`);
    await page.getByLabel(/Haircut/).check();
    await page.getByRole('button', { name: german ? 'Weiter' : 'Continue' }).click();
    await page.getByRole('button', { name: german ? 'Weiter' : 'Continue' }).click();
    await page.getByRole('button', { name: german ? `${time} Uhr, Dienstag, 24. November` : `${time}, Tuesday 24 November` }).click();
    await page.getByLabel(german ? 'Ihr Name' : 'Your name').fill(client.name);
    await page.getByLabel(german ? 'E-Mail' : 'E-mail').fill(client.email);
    if (client.phone) await page.getByLabel(german ? /Telefon/ : /Phone/).fill(client.phone);
    await page.getByRole('button', { name: german ? 'Buchen' : 'Book', exact: true }).click();
    await page
      .getByRole('heading', { name: german ? 'Ihre Buchung wartet auf den Salon' : 'Your booking is waiting for the salon' })
      .waitFor();
    return page.locator('.done').innerText();
  }

  it('promises no e-mail when the salon has no mail server, and no call the salon never agreed to', async () => {
    const text = await bookAsNewClient('10:00', { name: 'Lena Kraus', email: 'lena@example.com', phone: '+49 170 1234567' });
    assert.match(
      text,
      /The salon confirms bookings of new clients\. You will not get a confirmation e-mail: the salon has your booking and your number, \+49 170 1234567\. To hear that your booking is confirmed, please get in touch with the salon\./,
    );
    assert.doesNotMatch(text, /hear from them soon|will get an e-mail|call you/);
    assert.match(text, /Contact the salon: 030 1234567/, "the salon's phone, to call it");
  });

  it('asks a client to get in touch with the salon in German too, with a phone given or none', async () => {
    await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: 'de-DE' }, 200);
    try {
      const text = await bookAsNewClient('11:00', { name: 'Jonas Berg', email: 'jonas@example.com' }, true);
      assert.match(text, /verschickt keine E-Mails\. Bitte melden Sie sich beim Salon, um zu erfahren, ob Ihr Termin bestätigt ist\./);
      assert.match(text, /Kontakt zum Salon: 030 1234567/);
      const withPhone = await bookAsNewClient('09:00', { name: 'Nina Neumann', email: 'nina@example.com', phone: '0176 9998887' }, true);
      assert.match(withPhone, /Eine Bestätigung per E-Mail bekommen Sie nicht: Der Salon hat Ihre Buchung und Ihre Nummer, 0176 9998887\./);
      assert.doesNotMatch(withPhone, /ruft Sie/, 'no call promised in German either (the trial’s shot 34)');
    } finally {
      await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: null }, 200);
    }
  });

  it('says the e-mail will come once the salon sends e-mail', async () => {
    await admin(app, 'PUT', `${salon.base}/mail`, { host: '127.0.0.1', port: smtp.port, tls: 'none' }, 200);
    const text = await bookAsNewClient('12:00', { name: 'Mia Sommer', email: 'mia@example.com', phone: '+49 170 7654321' });
    assert.match(text, /The salon confirms bookings of new clients\. You will get an e-mail when it has\./);
    assert.doesNotMatch(text, /call you/);
  });
});

describe("the booking page's language for a visitor whose browser speaks German (issue 27)", () => {
  if (skippedWithoutChromium()) return;
  const { app, salon } = useSalon({ name: 'Salon Lena' });
  const { page } = useBrowser({ locale: 'de-DE' });

  it('speaks German until the salon chooses a language, and the salon’s choice after', async () => {
    const before = (await app.request('GET', '/v1/booking-page/salon-lena')).body;
    assert.deepEqual([before.locale, before.localeChosen], ['en-GB', false], 'a new salon has chosen none');
    await page.goto(`${app.url}/book/salon-lena`);
    await page.getByRole('heading', { name: 'Was möchten Sie buchen?' }).waitFor();
    assert.equal(await page.evaluate(() => (globalThis as any).document.documentElement.lang), 'de-DE');
    await page.getByLabel(/Haircut/).check();
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.getByRole('button', { name: '10:00 Uhr, Montag, 23. November' }).waitFor();

    // English (UK) chosen is a choice like any other, not the default it happens to equal.
    await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: 'en-GB' }, 200);
    await page.goto(`${app.url}/book/salon-lena`);
    await page.getByRole('heading', { name: 'What would you like to book?' }).waitFor();
    assert.equal(await page.evaluate(() => (globalThis as any).document.documentElement.lang), 'en-GB');
  });
});
