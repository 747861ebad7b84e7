import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium (apt-get install chromium); playwright-core brings no browser of its own. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

// Without the background-networking flags Chromium keeps calling Google's services, which the
// closed network answers with nothing but timeouts.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The browser globals used inside page.evaluate() callbacks, as `globalThis as unknown as PageGlobals`.
 * The project is type-checked against Node's globals, and the DOM library disagrees with them (about
 * fetch, for one), so the few the tests need are typed here.
 */
export interface PageGlobals {
  document: {
    cookie: string;
    body: { setAttribute(name: string, value: string): void };
    documentElement: { scrollWidth: number };
    querySelectorAll(selector: string): Iterable<PageElement>;
    addEventListener(type: 'securitypolicyviolation', listener: (event: { violatedDirective: string; blockedURI: string }) => void): void;
  };
  innerWidth: number;
  sessionStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  localStorage: { length: number; getItem(key: string): string | null; setItem(key: string, value: string): void };
  navigator: { clipboard: { readText(): Promise<string> } };
  scrollTo(x: number, y: number): void;
}

export interface PageElement {
  offsetParent: unknown;
  textContent: string | null;
  getBoundingClientRect(): { height: number };
}

/** Why the browser tests cannot run on this machine, or undefined when they can. */
export function chromiumMissing(): string | undefined {
  if (fs.existsSync(CHROMIUM_PATH)) return undefined;
  return `Chromium is not installed at ${CHROMIUM_PATH} (apt-get install chromium; .ci/run does it)`;
}

/**
 * The `skip` option of the browser suites: skipped with the reason on a machine without Chromium,
 * never in CI (CI installs it, so there a missing browser must fail, not pass by skipping).
 */
export function skipWithoutChromium(): string | false {
  const missing = chromiumMissing();
  return missing && !process.env.CI ? `${missing}: browser tests skipped` : false;
}

export interface Browser {
  context: BrowserContext;
  /** The tab the persistent context opened with (a new one if it has none). */
  page(): Promise<Page>;
  close(): Promise<void>;
}

/**
 * Headless Chromium with a fresh profile, English (UK) and Berlin time, so pages read the same
 * everywhere; `timezoneId` puts the browser somewhere else (a salon seen from far away), `locale`
 * gives it another language (`en-US` writes times with AM/PM).
 */
export async function openBrowser({
  timezoneId = 'Europe/Berlin',
  locale = 'en-GB',
}: {
  timezoneId?: string;
  locale?: string;
} = {}): Promise<Browser> {
  const missing = chromiumMissing();
  if (missing) throw new Error(`${missing}; CI is set, so the browser tests fail instead of being skipped`);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'booking-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
    locale,
    timezoneId,
    env: withoutFaketime(process.env),
  });
  context.setDefaultTimeout(10_000);
  // Under faketime (npm run test:dates) Chromium runs on the real clock, and its pages are told
  // the faked time instead, so the page's own dates are the ones the suite runs on.
  if (process.env.FAKETIME) await context.clock.setSystemTime(Date.now());
  // Chromium logs CSP violations itself; this makes sure each one also reaches the console listener.
  await context.addInitScript(() => {
    (globalThis as unknown as PageGlobals).document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline code'}`);
    });
  });
  return {
    context,
    page: async () => context.pages()[0] ?? (await context.newPage()),
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The environment without libfaketime: Chromium hangs on its first page load under it. */
function withoutFaketime(env: NodeJS.ProcessEnv): Record<string, string> {
  const { LD_PRELOAD: _preload, FAKETIME: _faketime, ...rest } = env;
  return Object.fromEntries(Object.entries(rest).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** The login's access code form: the page shows the password's first, until the access code was used in this browser. */
export async function accessCodeForm(page: Page): Promise<void> {
  await page.locator('#sign-in-form:visible, #login-form:visible').first().waitFor();
  if (await page.locator('#sign-in-form').isVisible()) await page.locator('#use-access-code').click();
}

/** The owner's account a test's server gets before its page is opened with the access code (see logIn). */
export const FIRST_OWNER = { name: 'Ilka Brandt', email: 'ilka.brandt@tests.invalid', password: 'violet scissors at noon' };

/**
 * Makes sure somebody can sign in with a password on the server at `url` (FIRST_OWNER, invited
 * with `token` and given a password by their link), as after a first run. Without any account the
 * page, opened with the access code, asks for the owner's own first (issue 23); the tests that are
 * not about that first run log in with the code as one does for recovery. A wrong `token` makes none.
 */
export async function ensureAnAccount(url: string, token: string): Promise<void> {
  const origin = new URL(url).origin;
  const post = (apiPath: string, body: unknown, headers: Record<string, string>) =>
    fetch(`${origin}/admin/api${apiPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', Origin: origin, ...headers },
      body: JSON.stringify(body),
    });
  const status = (await (await post('/session/status', {}, {})).json()) as { accounts: boolean };
  if (status.accounts) return;
  const invited = await post(
    '/users',
    { name: FIRST_OWNER.name, email: FIRST_OWNER.email, role: 'owner' },
    { Authorization: `Bearer ${token}` },
  );
  if (invited.status === 401) return;
  const answer = await invited.text();
  assert.equal(invited.status, 201, answer);
  const { link } = JSON.parse(answer) as { link: string };
  const used = await post('/session/link', { link: link.split('#welcome/')[1], password: FIRST_OWNER.password }, {});
  assert.equal(used.status, 200, await used.text());
}

/**
 * Opens `url` of the page, chooses the access code, logs in with `token` by clicking "Log in", and
 * waits for the signed-in shell. The server gets an owner's account first (ensureAnAccount), so the
 * code signs in as for recovery: the first run's own step is test/first-account.test.ts's.
 */
export async function logIn(page: Page, url: string, token: string): Promise<void> {
  await ensureAnAccount(url, token);
  await page.goto(url);
  // By the form's own parts, not its words: a German browser reads the sign-in in German.
  await accessCodeForm(page);
  await page.locator('#token').fill(token);
  await page.locator('#login-form button[type="submit"]').click();
  await page.locator('#shell').waitFor();
}

/**
 * Collects what must not happen on a page: console errors (CSP violations among them), uncaught
 * exceptions, and failed loads of the page's own files. Errors the test provokes on purpose (a
 * wrong token's 401 is logged by Chromium) are announced with `expect` first.
 */
export class PageGuard {
  readonly #problems: string[] = [];
  readonly #expected: RegExp[] = [];

  constructor(page: Page) {
    page.on('console', (message) => {
      if (message.type() === 'error') this.#report(`console error: ${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => this.#problems.push(`uncaught exception: ${error.message}`));
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (!pathname.startsWith('/admin/api/') && response.status() >= 400) {
        this.#problems.push(`${response.status()} for ${response.url()}`);
      }
    });
  }

  /** The next console error matching `pattern` is part of the test. */
  expect(pattern: RegExp): void {
    this.#expected.push(pattern);
  }

  /** What went wrong since the last call (and forgets it, so one problem fails one test). */
  take(): string[] {
    this.#expected.length = 0;
    return this.#problems.splice(0);
  }

  assertClean(): void {
    assert.deepEqual(this.take(), [], 'the page logged errors');
  }

  #report(text: string): void {
    const index = this.#expected.findIndex((pattern) => pattern.test(text));
    if (index >= 0) this.#expected.splice(index, 1);
    else this.#problems.push(text);
  }
}

/** How wide the page is against the window: wider means sideways scrolling on a phone. */
export async function fitsWidth(page: Page): Promise<{ scrollWidth: number; width: number }> {
  return page.evaluate(() => {
    const { document, innerWidth } = globalThis as unknown as PageGlobals;
    return { scrollWidth: document.documentElement.scrollWidth, width: innerWidth };
  });
}

/**
 * Drags the calendar's booking of `client` to `time` (HH:MM, to its hour's line) in the column of
 * the `column`th staff member of the day's grid (0: the first), by the mouse as a person does.
 */
export async function dragBooking(page: Page, client: string, column: number, time: string): Promise<void> {
  const event = page.locator('.ec-event.booking', { hasText: client });
  const target = page.locator(`.ec-body .ec-sidebar time[datetime$="T${time.slice(0, 2)}:00:00"]`);
  // Both ends of the drag in view: a sentence over the calendar may have pushed the grid down.
  await target.scrollIntoViewIfNeeded();
  await event.scrollIntoViewIfNeeded();
  const from = (await event.boundingBox())!;
  const to = (await page.locator('.ec-body .ec-day').nth(column).boundingBox())!;
  const hour = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + 5);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 20, from.y + 20, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, hour.y + hour.height / 2 + 4, { steps: 8 });
  await page.mouse.up();
}
