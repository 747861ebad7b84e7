import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { fitsWidth } from './helpers/browser.ts';
import { admin, bookingBody, MONDAY } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// Issue 26, finding 4: what people are called, on the salon's page. A 200-character name without a
// space wraps or is cut (whole on hover and for screen readers) instead of pushing the page
// sideways; a right-to-left name sits in a sentence without turning the sentence around.
describe('long and right-to-left names on the page', () => {
  if (skippedWithoutChromium()) return;
  /** 200 characters (the most a name may have) and no space to break at. */
  const long = (start: string) => `${start}${'x'.repeat(200)}`.slice(0, 200);
  const LONG = long('Maximiliane');
  const ARABIC = 'محمد علي';
  const { app, salon } = useSalon({ name: long('Salon') });
  let longBooking = 0;
  let arabicBooking = 0;
  let longStaff = 0;

  before(async () => {
    const staff = { name: long('Stylist'), schedule: (await admin(app, 'GET', `${salon.base}/staff/${salon.anna}`)).body.schedule };
    longStaff = (await admin(app, 'POST', `${salon.base}/staff`, { ...staff, serviceIds: [salon.haircut] }, 201)).body.id;
    await admin(app, 'PATCH', `${salon.base}/services/${salon.colour}`, { name: long('Colour') }, 200);
    const book = async (time: string, name: string, staffId: number, serviceId = salon.haircut) =>
      (
        await admin(
          app,
          'POST',
          `${salon.base}/bookings`,
          bookingBody(serviceId, `${MONDAY}T${time}:00+01:00`, {
            staffId,
            client: { name, email: `${time.replace(':', '')}@example.com` },
          }),
          201,
        )
      ).body.id as number;
    longBooking = await book('10:00', LONG, longStaff);
    arabicBooking = await book('11:00', ARABIC, salon.anna, salon.colour);
  });
  const { page } = useBrowser({ app, logInAt: `/#calendar/${MONDAY}` });

  /** Each screen that shows the long names, and something on it to wait for. */
  const screens = () => [
    [`#calendar/${MONDAY}`, '.ec-event'],
    [`#calendar/${MONDAY}/week`, '.ec-event'],
    [`#bookings/${longBooking}`, '#move-staff'],
    [`#bookings/${arabicBooking}`, '#move-staff'],
    ['#clients', '.clients'],
    ['#staff', '.card'],
    [`#staff/${longStaff}`, 'h2'],
    ['#services', '.card'],
    ['#reviews', 'h2'],
    ['#settings', '#salon-name'],
  ];

  it('cuts a long name where it must, and says it whole on hover and to screen readers', async () => {
    await page.goto(`${app.url}/#calendar/${MONDAY}`);
    const column = page.locator('.ec-col-head > span', { hasText: 'Stylist' });
    const event = page.locator('.ec-event.booking', { hasText: 'Maximiliane' });
    await event.waitFor();
    assert.equal(await column.getAttribute('title'), long('Stylist'));
    assert.equal(await column.textContent(), long('Stylist'), 'the text itself is whole: only the box cuts it');
    // The hover title says the booking whole: its time, then whose and what (the grid's box may cut both).
    assert.equal(await event.getAttribute('title'), `10:00–10:45 ${LONG} · Haircut`);
    assert.equal((await event.textContent())!.trim(), `10:00–10:45${LONG} · Haircut`);
    assert.equal(await page.locator('#business-name').getAttribute('title'), long('Salon'));

    await page.goto(`${app.url}/#bookings/${longBooking}`);
    const staffChoice = page.getByLabel('With', { exact: true });
    assert.equal(await staffChoice.getAttribute('title'), long('Stylist'), 'the chosen staff member, whole');
    await staffChoice.selectOption({ label: 'Anna' });
    assert.equal(await staffChoice.getAttribute('title'), 'Anna');
    // Chosen and not moved: leaving asks first (issue 27, defect 10).
    await page.getByRole('link', { name: 'Calendar', exact: true }).click();
    await page.locator('dialog.confirm').getByRole('button', { name: 'Leave without saving' }).click();
    await page.locator('.calendar-grid').waitFor();
  });

  it('keeps a right-to-left name in its place in a sentence', async () => {
    await page.goto(`${app.url}/#bookings/${arabicBooking}`);
    const heading = page.getByRole('heading', { name: `${ARABIC}, 11:00` });
    await heading.waitFor();
    // Read left to right, the heading is the name, then ", 11:00": without isolation the time
    // (digits after right-to-left letters) joined the name's direction and came first, at the left.
    const [name, time] = await heading.evaluate(
      (element, texts) => {
        const doc = element.ownerDocument as unknown as {
          createTreeWalker(root: unknown, show: number): { nextNode(): { data: string } | null };
          createRange(): {
            setStart(n: unknown, o: number): void;
            setEnd(n: unknown, o: number): void;
            getBoundingClientRect(): { left: number };
          };
        };
        return texts.map((text) => {
          const walker = doc.createTreeWalker(element, 4);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const at = node.data.indexOf(text);
            if (at < 0) continue;
            const range = doc.createRange();
            range.setStart(node, at);
            range.setEnd(node, at + text.length);
            return range.getBoundingClientRect().left;
          }
          throw new Error(`${text} is not in the heading`);
        });
      },
      [ARABIC, '11:00'],
    );
    assert.ok(name! < time!, `the name starts at ${name} px, the time at ${time} px`);
    assert.equal(await page.locator('.view-head h2 bdi').textContent(), ARABIC);
    await page.goto(`${app.url}/#calendar/${MONDAY}`);
    // The calendar and the day's list isolate it too.
    await page.locator('.ec-event.booking bdi', { hasText: ARABIC }).waitFor();
    await page.locator('.day-list bdi', { hasText: ARABIC }).waitFor();
  });

  for (const width of [1280, 375]) {
    it(`keeps every screen within a ${width} px window`, async () => {
      await page.setViewportSize({ width, height: 900 });
      try {
        const wide: string[] = [];
        for (const [hash, ready] of screens()) {
          await page.goto(`${app.url}/${hash}`);
          await page.locator(ready!).first().waitFor();
          const fits = await fitsWidth(page);
          if (fits.scrollWidth > fits.width) wide.push(`${hash} is ${fits.scrollWidth} px wide`);
        }
        assert.deepEqual(wide, []);
      } finally {
        await page.setViewportSize({ width: 1280, height: 900 });
      }
    });
  }
});
