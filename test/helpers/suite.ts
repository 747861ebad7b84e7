import { after, afterEach, before, beforeEach, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ADMIN_TOKEN, TestApp, type TestAppOptions } from './app.ts';
import { type Browser, logIn, openBrowser, PageGuard, skipWithoutChromium } from './browser.ts';
import { TestClock } from './clock.ts';
import { type Handler, Receiver } from './receiver.ts';
import { makeSalon, type Salon, TEST_NOW } from './salon.ts';

// What a suite sets up, said once. At the top of a describe():
//
//   const { clock, app, salon } = useSalon();
//   const receiver = useReceiver();
//   const { page, guard } = useBrowser({ app, logInAt: '/#services' });
//
// registers the hooks that make each part in before() and take it down in after(), in the order
// the calls are written. `app`, `salon`, `receiver`, `page`… stand for what before() makes: the
// tests and hooks use them as they are, and reading one while the suite is still being declared
// (before any hook ran) throws, saying so. A suite's own before() written after these calls runs
// after them, so it can seed data with `app` and `salon`.

/** A stand-in for a value the suite's before() makes, and the means to put the value in. */
interface MadeInBefore<T extends object> {
  /** Reads and calls go to the value once it is made. */
  readonly stand: T;
  make(value: T): void;
  /** The value, or undefined if before() never got to make it (after() has nothing to take down). */
  made(): T | undefined;
}

function madeInBefore<T extends object>(what: string): MadeInBefore<T> {
  let value: T | undefined;
  const real = (): T => {
    if (value === undefined) throw new Error(`${what} is made in before(): use it in a test or a hook, not while the suite is declared`);
    return value;
  };
  // A Proxy, so that `const { app } = useApp()` can be written where the suite is declared: the
  // value itself only exists once the hooks run. Methods are bound to the value, so its private
  // fields (#…) work as they do on the value itself.
  const stand = new Proxy({} as T, {
    get(_, key) {
      const target = real();
      const member = Reflect.get(target, key, target);
      return typeof member === 'function' ? member.bind(target) : member;
    },
    set: (_, key, member) => Reflect.set(real(), key, member),
    has: (_, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor(_, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      // The stand-in's own target has none of these, so none may be reported as fixed.
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
  return {
    stand,
    make: (made) => {
      value = made;
    },
    made: () => value,
  };
}

export interface AppSuite {
  /** The server's clock; it starts at `now` (TEST_NOW unless told). */
  readonly clock: TestClock;
  readonly app: TestApp;
  /** Stops the server and starts a new one on its data dir, the same clock and options; `app` is then the new one. */
  restart(): Promise<void>;
}

export interface AppSuiteOptions extends Omit<TestAppOptions, 'clock'> {
  /** Where the test clock starts; TEST_NOW (Saturday 2026-11-21, 11:00 in Berlin) by default. */
  readonly now?: number;
}

/** A server for the suite: started on a test clock in before(), stopped in after(). */
export function useApp(options: AppSuiteOptions = {}): AppSuite {
  const { now = TEST_NOW, ...appOptions } = options;
  const clock = new TestClock(now);
  const app = madeInBefore<TestApp>('the test app');
  before(async () => app.make(await TestApp.start({ ...appOptions, clock })));
  after(async () => {
    await app.made()?.stop();
  });
  const restart = async () => {
    await app.stand.stop();
    app.make(await TestApp.start({ ...appOptions, clock, dataDir: app.stand.dataDir }));
  };
  return { clock, app: app.stand, restart };
}

export interface SalonSuite extends AppSuite {
  /** makeSalon()'s salon: Haircut (45 min) by Anna and Ben, Colour (90 min) by Anna, a key with every scope. */
  readonly salon: Salon;
}

export interface SalonSuiteOptions extends AppSuiteOptions {
  /** The salon's name (makeSalon's "Salon" unless told). */
  readonly name?: string;
  /** A new salon before each test instead of one for the whole suite. */
  readonly salonPerTest?: boolean;
}

/** A server (useApp()) and a salon on it (makeSalon()), made in before(), or before each test. */
export function useSalon(options: SalonSuiteOptions = {}): SalonSuite {
  const { name, salonPerTest = false, ...appOptions } = options;
  const suite = useApp(appOptions);
  const salon = madeInBefore<Salon>('the salon');
  (salonPerTest ? beforeEach : before)(async () => salon.make(await makeSalon(suite.app, name)));
  return { ...suite, salon: salon.stand };
}

/** A webhook receiver for the suite (answering 200 unless `handler` says otherwise), closed in after(). */
export function useReceiver(handler?: Handler): Receiver {
  const receiver = madeInBefore<Receiver>('the receiver');
  before(async () => receiver.make(await Receiver.start(handler)));
  after(async () => {
    await receiver.made()?.close();
  });
  return receiver.stand;
}

/**
 * True on a machine without Chromium (and not in CI), after registering the suite's one skipped
 * test, so that the run's summary counts it: `if (skippedWithoutChromium()) return;` first thing
 * in a browser suite.
 */
export function skippedWithoutChromium(): boolean {
  const skip = skipWithoutChromium();
  if (skip) it('runs in Chromium', { skip }, () => {});
  return skip !== false;
}

export interface BrowserSuite {
  readonly browser: Browser;
  /** The one tab of the suite. */
  readonly page: Page;
  /** What must not happen on the page, checked after each test. */
  readonly guard: PageGuard;
}

export interface BrowserSuiteOptions {
  /** The server the page is opened on (for `logInAt` and `permissions`). */
  readonly app?: TestApp;
  /** Opens this path of `app` (e.g. '/#services') and logs in there with the admin token. */
  readonly logInAt?: string;
  /** The page's clock is fixed at this clock's time before anything is opened. */
  readonly pageClock?: TestClock;
  /** Browser permissions granted for `app`'s origin (e.g. 'clipboard-read'). */
  readonly permissions?: readonly string[];
  /** Where the browser is (Berlin unless told). */
  readonly timezoneId?: string;
  /** The browser's language (en-GB unless told). */
  readonly locale?: string;
}

/**
 * Chromium for the suite: one browser and one tab opened in before() (and logged in, if told),
 * closed in after(), and the page's problems (PageGuard) checked after each test.
 */
export function useBrowser(options: BrowserSuiteOptions = {}): BrowserSuite {
  const { app, logInAt, pageClock, permissions, timezoneId, locale } = options;
  const browser = madeInBefore<Browser>('the browser');
  const page = madeInBefore<Page>('the page');
  const guard = madeInBefore<PageGuard>("the page's guard");
  const appUrl = () => {
    if (!app) throw new Error('useBrowser(): logInAt and permissions need the app');
    return app.url;
  };
  before(async () => {
    const opened = await openBrowser({ timezoneId, locale });
    browser.make(opened);
    if (permissions) await opened.context.grantPermissions([...permissions], { origin: appUrl() });
    const tab = await opened.page();
    page.make(tab);
    guard.make(new PageGuard(tab));
    if (pageClock) await tab.clock.setFixedTime(new Date(pageClock.now()));
    if (logInAt !== undefined) await logIn(tab, `${appUrl()}${logInAt}`, ADMIN_TOKEN);
  });
  afterEach(() => guard.made()?.assertClean());
  after(async () => {
    await browser.made()?.close();
  });
  return { browser: browser.stand, page: page.stand, guard: guard.stand };
}
