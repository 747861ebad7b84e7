import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { admin, MONDAY } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// A new user's trial (the salon's day in Chromium): under one staff member's week the list showed
// one day with everyone's bookings ("Monday, 23 November 2026: 2 bookings", or 0 under a whole
// week of them). It lists that staff member's bookings of the week shown, day by day.
describe('the list under one staff member’s week, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { clock, app, salon } = useSalon();
  before(async () => {
    const book = (staffId: number, day: string, time: string, name: string) =>
      admin(
        app,
        'POST',
        `${salon.base}/bookings`,
        { serviceId: salon.haircut, staffId, startTime: `${day}T${time}:00+01:00`, client: { name, phone: '+49 30 555' } },
        201,
      );
    await book(salon.anna, MONDAY, '09:30', 'Mona Montag');
    await book(salon.anna, '2026-11-25', '11:00', 'Mia Mittwoch');
    await book(salon.ben, MONDAY, '10:00', 'Bert Ben');
    await book(salon.anna, '2026-11-30', '10:00', 'Nora Next Week');
    await admin(app, 'POST', `${salon.base}/staff/${salon.anna}/time-off`, { allDay: true, startDate: '2026-11-26', note: 'Dentist' }, 201);
  });
  const { page } = useBrowser({ app, pageClock: clock, logInAt: `/#calendar/${MONDAY}` });

  it('lists her bookings of the week, day by day, and nobody else’s', async () => {
    await page.goto(`${app.url}/#calendar/2026-11-25/week/${salon.anna}`);
    await page.reload();
    const list = page.locator('.day-list');
    await list.getByRole('heading', { name: 'Anna: 2 bookings this week' }).waitFor();
    assert.deepEqual(await list.locator('h4').allInnerTexts(), [
      'Monday, 23 November 2026',
      'Wednesday, 25 November 2026',
      'Thursday, 26 November 2026',
    ]);
    const rows = (await list.locator('.booking-row').allInnerTexts()).map((row) => row.replace(/\s+/g, ' '));
    assert.equal(rows.length, 2);
    assert.match(rows[0]!, /^09:30–10:15 Mona Montag/);
    assert.match(rows[1]!, /^11:00–11:45 Mia Mittwoch/);
    assert.match(await list.innerText(), /Anna: away all day \(Dentist\)/);
  });

  it('says so when she has nothing that week', async () => {
    await page.goto(`${app.url}/#calendar/2026-12-07/week/${salon.ben}`);
    await page.reload();
    const list = page.locator('.day-list');
    await list.getByRole('heading', { name: 'Ben: 0 bookings this week' }).waitFor();
    await list.getByText('No bookings this week.').waitFor();
  });
});
