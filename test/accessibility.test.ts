import assert from 'node:assert/strict';
import { accessCodeForm } from './helpers/browser.ts';
import { before, describe, it } from 'node:test';
import { ADMIN_TOKEN } from './helpers/app.ts';
import { seriousA11yProblems as scan } from './helpers/axe.ts';
import { NOWHERE } from './helpers/receiver.ts';
import { admin, bookingBody, TEST_NOW } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// axe-core's scan of every view of the page, at a laptop's and a phone's width: no serious or
// critical violation. The views are read from the page's own table (static/js/routes.js), so a
// view added there is scanned without a change here; for each, the first link to one of its items
// (#services/12) and to a non-numeric sub-page (#services/new) is scanned too.
// axe's source goes in with page.evaluate (the DevTools protocol), so the page's CSP stays as it is
// (test/helpers/axe.ts). The calendar library's own grid (.ec) is left out, as in
// test/front-desk.test.ts: its table roles are the library's to fix (docs/decisions.md).

/** The whole page but the calendar library's grid. */
const OUTSIDE_THE_GRID = { include: ['body'], exclude: ['.ec'] };

describe('accessibility of every view (axe-core)', () => {
  if (skippedWithoutChromium()) return;
  const { clock, app, salon } = useSalon({ name: 'Hair by Anna' });
  let routeNames: string[] = [];

  before(async () => {
    // Something on every screen: bookings (one completed and reviewed), time off, a closure, a webhook.
    const booking = (
      await admin(
        app,
        'POST',
        `${salon.base}/bookings`,
        bookingBody(salon.haircut, '2026-11-23T10:00:00+01:00', { staffId: salon.anna }),
        201,
      )
    ).body;
    await admin(
      app,
      'POST',
      `${salon.base}/bookings`,
      bookingBody(salon.colour, '2026-11-24T10:00:00+01:00', { staffId: salon.anna }),
      201,
    );
    clock.set(Date.parse('2026-11-23T12:00:00+01:00'));
    await admin(app, 'POST', `${salon.base}/bookings/${booking.id}/complete`, undefined, 200);
    clock.set(TEST_NOW);
    await admin(app, 'POST', `${salon.base}/reviews`, { rating: 5, comment: 'Lovely', bookingId: booking.id }, 201);
    await admin(app, 'POST', `${salon.base}/staff/${salon.anna}/time-off`, { allDay: true, startDate: '2026-11-25', note: 'Dentist' }, 201);
    await admin(app, 'POST', `${salon.base}/closures`, { startDate: '2026-12-24', endDate: '2026-12-26', note: 'Christmas' }, 201);
    await app.request('POST', '/v1/integration/webhooks', {
      key: salon.key,
      body: { targetUrl: `${NOWHERE}/hooks`, events: ['booking.created'], description: 'Salon CRM' },
    });
  });
  const { page, guard } = useBrowser();
  before(async () => {
    await page.goto(`${app.url}/`);
    await page.locator('#login').waitFor();
  });

  /** Shows #hash and waits until the view has replaced "Loading…" with it. */
  const show = async (hash: string) => {
    await page.evaluate(
      (target) =>
        new Promise<void>((resolve) => {
          const w = globalThis as unknown as {
            location: { hash: string };
            addEventListener(type: string, listener: () => void, options: { once: boolean }): void;
          };
          if (w.location.hash === target) return resolve();
          // The page's own hashchange listener runs first and puts up "Loading…".
          w.addEventListener('hashchange', () => setTimeout(resolve, 0), { once: true });
          w.location.hash = target;
        }),
      hash,
    );
    await page.locator('#view > :not(.loading)').first().waitFor();
  };
  /** Every #… link in the view as it is now. */
  const linksInView = () => page.locator('#view a[href^="#"]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));

  it('the login has no serious or critical violation', async () => {
    assert.deepEqual(await scan(page), []);
    await accessCodeForm(page);
    await page.getByLabel('Access code').fill(ADMIN_TOKEN);
    await page.getByRole('button', { name: 'Log in' }).click();
    // The first run's own account (issue 23): scanned too, then made.
    const account = page.locator('#first-account');
    await account.getByRole('heading', { name: 'Your account' }).waitFor();
    assert.deepEqual(await scan(page), []);
    await account.getByLabel('Your name').fill('Anna Berg');
    await account.getByLabel('E-mail address').fill('anna@salon.test');
    await account.getByLabel('Password', { exact: true }).fill('violet scissors at noon');
    await account.getByLabel('The same password again').fill('violet scissors at noon');
    await account.getByRole('button', { name: 'Make my account and go on' }).click();
    await page.locator('#shell').waitFor();
    routeNames = await page.evaluate(async () => {
      const routes = (await import('/js/routes.js' as string)) as { ROUTES: Map<string, unknown> };
      return [...routes.ROUTES.keys()];
    });
    assert.ok(routeNames.length >= 8, `the route table has ${routeNames.join(', ')}`);
    guard.assertClean();
  });

  for (const [label, width, height] of [
    ['a laptop', 1280, 900],
    ['a phone', 375, 812],
  ] as const) {
    it(`every view in routes.js, and the first of its sub-pages, on ${label}`, async () => {
      await page.setViewportSize({ width, height });
      const problems: string[] = [];
      const scanned: string[] = [];
      const seen = new Set<string>();
      const visit = async (hash: string) => {
        await show(hash);
        problems.push(...(await scan(page, OUTSIDE_THE_GRID)).map((p) => `${hash}: ${p}`));
        scanned.push(hash);
        for (const href of await linksInView()) seen.add(href);
      };
      for (const name of routeNames) await visit(`#${name}`);
      // Then, per view, the first link seen anywhere to one of its items (#services/12, #bookings/3)
      // and to another page of it (#services/new).
      for (const name of routeNames) {
        const subs = [...seen].filter((href) => href.startsWith(`#${name}/`));
        const item = subs.find((href) => /^#[^/]+\/\d+$/.test(href));
        const other = subs.find((href) => !/^#[^/]+\/\d+$/.test(href));
        for (const sub of [item, other]) if (sub) await visit(sub);
      }
      assert.deepEqual(problems, [], `scanned ${scanned.join(' ')}`);
      assert.ok(scanned.length > routeNames.length, `sub-pages were scanned too: ${scanned.join(' ')}`);
      guard.assertClean();
    });
  }

  it('a question before a destructive action has no serious or critical violation', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await show(`#services/${salon.colour}`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').waitFor();
    assert.deepEqual(await scan(page), []);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    guard.assertClean();
  });

  it('would find a violation (the scan can fail)', async () => {
    await show('#services');
    await page.evaluate(() => {
      const { document } = globalThis as unknown as {
        document: { querySelector(s: string): { append(n: unknown): void }; createElement(t: string): unknown };
      };
      const field = document.createElement('input') as { id: string };
      field.id = 'unlabelled';
      document.querySelector('#view').append(field);
    });
    const problems = await scan(page);
    assert.ok(
      problems.some((p) => p.startsWith('label: #unlabelled')),
      problems.join('\n'),
    );
  });
});
