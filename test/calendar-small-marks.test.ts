import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { admin, MONDAY } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// A new user's trial (the salon's day in Chromium), the small things: today's column was tinted
// light blue all day (it read as time nobody can book), the inbox's "To confirm" and "Client to
// check" touched, and the grid's cleanup said "Nachb.", an abbreviation nobody explained.
describe('today, the inbox’s badges and the grid’s buffers, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { clock, app, salon } = useSalon();
  before(async () => {
    const maria = (await admin(app, 'POST', `${salon.base}/clients`, { name: 'Maria Weber', email: 'maria@example.com' }, 201)).body;
    // Booked through a key (to confirm) with Maria's e-mail under another name (a client to check).
    const reply = await app.request('POST', '/v1/integration/bookings', {
      key: salon.key,
      body: {
        serviceId: salon.haircut,
        staffId: salon.anna,
        startTime: '2026-11-24T10:00:00+01:00',
        client: { name: 'Lena Schmidt', email: maria.email },
      },
    });
    assert.equal(reply.status, 201, reply.text);
  });
  const { page } = useBrowser({ app, pageClock: clock, logInAt: '/#inbox' });
  const style = (selector: string, property: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((el, name) => (globalThis as any).getComputedStyle(el)[name] as string, property);

  it('marks today over its column only, not by tinting the whole column', async () => {
    await page.goto(`${app.url}/#calendar/2026-11-21/week/${salon.anna}`);
    await page.reload();
    await page.locator('.ec-body .ec-today').waitFor();
    assert.equal(await style('.ec-body .ec-today', 'backgroundColor'), 'rgba(0, 0, 0, 0)', 'no tint over the day');
    assert.match(await style('.ec-header .ec-today', 'boxShadow'), /inset/, 'a line under today’s name');
  });

  it('keeps the inbox’s “To confirm” and “Client to check” apart', async () => {
    await page.goto(`${app.url}/#inbox`);
    await page.reload();
    const first = page.locator('.badge', { hasText: 'To confirm' });
    const second = page.locator('.badge', { hasText: 'Client to check' });
    await second.waitFor();
    const [a, b] = [(await first.boundingBox())!, (await second.boundingBox())!];
    assert.ok(b.x - (a.x + a.width) >= 4, `a gap between them: ${b.x - (a.x + a.width)} px`);
  });

  describe('in German', () => {
    before(async () => {
      await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: 'de-DE' }, 200);
      await admin(app, 'PATCH', `${salon.base}/services/${salon.colour}`, { bufferBeforeMinutes: 15, bufferAfterMinutes: 15 }, 200);
      const body = {
        serviceId: salon.colour,
        staffId: salon.anna,
        startTime: `${MONDAY}T10:00:00+01:00`,
        client: { name: 'Clara', phone: '+49 30 5' },
      };
      await admin(app, 'POST', `${salon.base}/bookings`, body, 201);
    });

    it('writes the preparation and cleanup out, and they fit their boxes', async () => {
      for (const address of [`#calendar/${MONDAY}`, `#calendar/${MONDAY}/week/${salon.anna}`]) {
        await page.goto(`${app.url}/${address}`);
        await page.reload();
        for (const [kind, words] of [
          ['cleanup', 'Nachbereitung'],
          ['preparation', 'Vorbereitung'],
        ] as const) {
          const label = page.locator(`.ec-event.${kind} .ec-event-title`).first();
          await label.waitFor();
          assert.equal(await label.innerText(), words);
          const cut = await label.evaluate((el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight + 1);
          assert.equal(cut, false, `${kind} in ${address}: its word fits`);
        }
      }
    });
  });
});
