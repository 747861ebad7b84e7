// npm run screenshots:booking-page: the salon's booking page as its clients see it, on a laptop
// (choosing a time) and on a phone (typing their details while the time is held), as PNGs in
// docs/screenshots/ for the README.
import path from 'node:path';
import { TestApp } from './helpers/app.ts';
import { openBrowser } from './helpers/browser.ts';
import { TestClock } from './helpers/clock.ts';
import { admin, makeSalon, TEST_NOW } from './helpers/salon.ts';

const OUT = path.resolve(import.meta.dirname, '../docs/screenshots');
const app = await TestApp.start({ clock: new TestClock(TEST_NOW) });
const browser = await openBrowser();
try {
  const salon = await makeSalon(app, 'Hair by Anna');
  await admin(app, 'PATCH', salon.base, { address: 'Bergmannstraße 12\n10961 Berlin', phone: '+49 30 1234567' }, 200);
  await admin(
    app,
    'PATCH',
    `${salon.base}/booking-page`,
    { accentColor: '#8a3ffc', cancellationPolicy: 'Please cancel at least 24 hours ahead, or we charge half the price.' },
    200,
  );
  const page = await browser.page();
  const choose = async () => {
    await page.goto(`${app.url}/book/hair-by-anna`);
    await page.getByLabel(/Haircut/).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel(/Anna/).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: '10:00, Monday 23 November' }).waitFor();
  };
  await page.setViewportSize({ width: 1100, height: 760 });
  await choose();
  await page.screenshot({ path: path.join(OUT, 'booking-page.png') });
  console.error('docs/screenshots/booking-page.png');
  await page.setViewportSize({ width: 375, height: 812 });
  await choose();
  await page.getByRole('button', { name: '10:00, Monday 23 November' }).click();
  await page.getByLabel('Your name').fill('Lena Kraus');
  await page.getByLabel('E-mail').fill('lena@example.com');
  await page.screenshot({ path: path.join(OUT, 'booking-page-phone.png') });
  console.error('docs/screenshots/booking-page-phone.png');
} finally {
  await browser.close();
  await app.stop();
}
