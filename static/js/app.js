// The page: signing in (a person's e-mail and password, or the access code), the choice of salon,
// and the views behind the address's #fragment (the table of views is routes.js). No credential
// is ever part of the address; a one-time link's secret (#welcome/…) leaves it at once.

import { api, onUnauthorized, session } from './api.js';
import { passkeyElsewhere, passkeyProblem, passkeysPossible, usePasskey } from './passkeys.js';
import { h } from './dom.js';
import { hideFirstAccount, needsFirstAccount, showFirstAccount } from './first-account.js';
import { speakFor, t, translateMarked } from './locale.js';
import { routeOf } from './routes.js';
import { showTimesIn } from './salon-time.js';
import { forgetCalendar, pointMenu } from './views/calendar/address.js';
import { inboxCount } from './views/inbox/count.js';
import { errorNotice, notice, takeFlash, tryAgain } from './ui/notice.js';
import { forgetUnsaved, hasUnsaved, mayLeave, watchUnsaved } from './ui/unsaved.js';

const BUSINESS_KEY = 'booking-api.business';
/** The way this browser signed in last ('code': the access code), offered first at the login. */
const WAY_KEY = 'booking-api.sign-in-way';

const $ = (id) => document.getElementById(id);
const loginSection = $('login');
const welcomeSection = $('welcome');
const shell = $('shell');
const view = $('view');

/** Who is signed in, as GET /admin/api/session says: { via: 'session'|'token', user, role, staffId, businessId }. */
let me = null;

/**
 * The menu entries a role does not open (the server refuses them too: docs/security.md). A front
 * desk runs the day; a stylist sees their own calendar.
 */
const CLOSED_TO = {
  front_desk: ['reports', 'activity', 'settings', 'connections', 'keys', 'overview'],
  stylist: ['inbox', 'services', 'staff', 'clients', 'reviews', 'reports', 'activity', 'settings', 'connections', 'keys', 'overview'],
};
const mayOpen = (nav) => !nav || !(CLOSED_TO[me?.role] ?? []).includes(nav);

let businesses = [];
let business = null;
let renderCount = 0;
let refreshTimer;
/** The address of the view on the page. */
let shown = location.hash;

// The menu's count of what waits. When what waits changed (a website booking came in, say), the
// inbox and the calendar show it, unless someone is typing there (a form changed, a booking's form
// or a question open over the calendar): then the change is told again on the count's next turn.
const inbox = inboxCount(document.querySelectorAll('.inbox-count'), () => {
  const name = routeOf(location.hash).name;
  if (name !== 'inbox' && name !== 'calendar') return true;
  if (hasUnsaved(view) || (name === 'calendar' && document.querySelector('dialog[open]'))) return false;
  show({ quiet: true });
  return true;
});

/**
 * Shows the current route. `quiet` (the timed refresh) keeps the old content until the new one is
 * ready instead of flashing "Loading…". A render that a newer one overtook is dropped.
 */
async function show({ quiet = false } = {}) {
  clearTimeout(refreshTimer);
  shown = location.hash;
  const route = routeOf(location.hash);
  closeMenu();
  // A form left open over the view (a new booking, say) goes with the view.
  for (const dialog of document.querySelectorAll('dialog.form-dialog')) dialog.close();
  if (!business && route.name !== 'setup') {
    // A server without a salon: the first-run setup is the only thing to do.
    history.replaceState(null, '', '#setup');
    return show();
  }
  for (const link of document.querySelectorAll('nav a')) {
    if (link.dataset.view === route.nav) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  pointMenu();
  const mine = ++renderCount;
  if (!mayOpen(route.nav) && route.name === 'staff' && me?.staffId && route.id === String(me.staffId)) {
    // A stylist's own staff page: what they may change there is their time off.
    history.replaceState(null, '', '#time-off');
    return show();
  }
  if (!mayOpen(route.nav)) {
    view.replaceChildren(
      notice('info', t('Your account does not open this part of the back office. The salon’s owner decides who opens what, in People.')),
    );
    return;
  }
  const ctx = {
    business,
    me,
    api: business ? api.salon(business) : null,
    flash: takeFlash(),
    refresh: () => show(),
    // The page's words again (a language chosen in Your account), then the view.
    speakAgain: async () => {
      await speakIn(business);
      await show();
    },
    isCurrent: () => mine === renderCount && me !== null,
    reloadBusinesses,
  };
  if (!quiet) view.replaceChildren(h('p', { class: 'loading' }, t('Loading…')));
  try {
    const content = await route.render(ctx, route.id);
    if (ctx.isCurrent()) view.replaceChildren(content);
  } catch (error) {
    if (ctx.isCurrent()) view.replaceChildren(...[errorNotice(error), tryAgain(error, () => show())].filter(Boolean));
  }
  if (ctx.isCurrent() && business && mayOpen('inbox')) inbox.refresh();
  if (route.refreshMs && ctx.isCurrent()) refreshTimer = setTimeout(() => show({ quiet: true }), route.refreshMs);
}

/** The salon's name in the header, cut on one line if it is long (style.css): whole on hover. */
function showSalonName(name) {
  $('business-name').textContent = name;
  $('business-name').title = name;
}

/** Picks the salon the page shows, and speaks its language. */
async function chooseBusiness(id) {
  business = businesses.find((b) => b.id === id) ?? businesses[0];
  showTimesIn(business.timezone);
  await speakIn(business);
  sessionStorage.setItem(BUSINESS_KEY, String(business.id));
  inbox.watch(mayOpen('inbox') ? business : null);
  showSalonName(businesses.length === 1 ? business.name : '');
  $('business-picker').value = String(business.id);
  $('business-picker').title = business.name;
}

/**
 * Reads the salons again (after the setup made one, say) and picks `id`, or the one kept from
 * before. With none, the header shows no name and the page offers the setup.
 */
async function reloadBusinesses(id) {
  businesses = await api.list('adminListBusinesses');
  const picker = $('business-picker');
  picker.replaceChildren(...businesses.map((b) => h('option', { value: String(b.id) }, b.name)));
  $('business-choice').hidden = businesses.length < 2;
  if (businesses.length === 0) {
    business = null;
    showTimesIn(null);
    inbox.watch(null);
    showSalonName('');
    await speakIn(null);
    if (me) showSignedIn();
    return;
  }
  await chooseBusiness(id ?? Number(sessionStorage.getItem(BUSINESS_KEY)));
  if (me) showSignedIn();
}

/**
 * The page in `business`'s language (the browser's while there is none), down to the words its
 * HTML holds. A catalog that cannot be fetched leaves the page in English rather than stopping it.
 */
async function speakIn(business) {
  try {
    await speakFor(business);
  } catch (error) {
    console.error('The page stays in English: its words could not be loaded.', error);
  }
  translateMarked(document.body);
  document.title = t('Back office');
}

/**
 * The menu as `me`'s role opens it, and their name (a link to their account) beside "Log out".
 * Without a salon (the first-run setup) only "Log out": every other view needs the salon the setup makes.
 */
function showSignedIn() {
  for (const link of document.querySelectorAll('nav a[data-view]')) link.hidden = !business || !mayOpen(link.dataset.view);
  for (const group of document.querySelectorAll('nav .nav-group'))
    group.hidden = [...group.querySelectorAll('a[data-view]')].every((link) => link.hidden);
  $('me').hidden = !business || me.via !== 'session';
  $('me-name').textContent = me.user?.name ?? '';
}

/**
 * True while start() asks who is signed in and reads the salons: a change of address meanwhile is
 * left to start's own show(), which reads the address once they are known. Shown before them, a
 * view would find no salon yet and send the page to the first-run setup.
 */
let starting = false;

async function start() {
  loginSection.hidden = true;
  welcomeSection.hidden = true;
  hideFirstAccount();
  shell.hidden = false;
  view.replaceChildren(h('p', { class: 'loading' }, t('Loading…')));
  starting = true;
  try {
    // Who the stored access code, or else the session cookie, signs in (401: nobody, yet).
    me = await api.call('adminGetSession', { quiet: true });
    if (await needsFirstAccount(me)) {
      starting = false;
      shell.hidden = true;
      showFirstAccount(async () => {
        localStorage.removeItem(WAY_KEY);
        await start();
      });
      return;
    }
    showSignedIn();
    await reloadBusinesses();
  } catch (error) {
    starting = false;
    if (error.status === 401) {
      const hadCode = session.token !== null;
      session.clear();
      if (hadCode) showLogin(CODE_REFUSED, { withCode: true });
      else if (error.code === 'session_ended') showLogin(SIGNED_OUT);
      else await showFirstLogin();
      return;
    }
    view.replaceChildren(...[errorNotice(error), tryAgain(error, start)].filter(Boolean));
    return;
  }
  starting = false;
  await show();
}

/**
 * A first run: nobody has an account yet, so the access code is the only way in and the sign-in
 * opens on it (the server says so without a credential). Unknown (no answer): the usual form.
 */
async function showFirstLogin() {
  let firstRun = false;
  if (localStorage.getItem(WAY_KEY) !== 'code') {
    try {
      firstRun = (await api.call('adminGetSignInStatus', { quiet: true, token: '' })).accounts === false;
    } catch {
      // No answer: the usual form, with the access code a click away.
    }
  }
  showLogin(undefined, firstRun ? { withCode: true } : undefined);
}

const CODE_REFUSED = () =>
  t(
    'You have been logged out because the access code is no longer accepted (a new one may have been made). Please log in with the new one.',
  );

const SIGNED_OUT = () =>
  t(
    'You have been signed out: your session ended (unused for a week, or ended from another device or by the owner). Please sign in again.',
  );

/** The sign-in, with `message` (a sentence) above it; `withCode`: the access code's form instead of the password's. */
function showLogin(message, { withCode = localStorage.getItem(WAY_KEY) === 'code' } = {}) {
  clearTimeout(refreshTimer);
  inbox.watch(null);
  renderCount += 1;
  me = null;
  shell.hidden = true;
  welcomeSection.hidden = true;
  hideFirstAccount();
  loginSection.hidden = false;
  view.replaceChildren();
  $('sign-in-form').hidden = withCode;
  $('login-form').hidden = !withCode;
  const area = withCode ? $('login-message') : $('sign-in-message');
  area.replaceChildren(...(message ? [notice('error', typeof message === 'function' ? message() : message)] : []));
  $('passkey-sign-in').hidden = !passkeysPossible();
  const elsewhere = passkeyElsewhere();
  $('passkey-elsewhere').hidden = !elsewhere;
  $('passkey-elsewhere').replaceChildren(...(elsewhere ? [elsewhere].flat() : []));
  (withCode ? $('token') : $('sign-in-email')).focus();
}

$('use-access-code').addEventListener('click', () => showLogin(undefined, { withCode: true }));
$('use-password').addEventListener('click', () => {
  localStorage.removeItem(WAY_KEY);
  showLogin();
});

$('sign-in-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const email = $('sign-in-email');
  const password = $('sign-in-password');
  const button = event.target.querySelector('button[type=submit]');
  button.disabled = true;
  try {
    await api.call('adminSignIn', { body: { email: email.value.trim(), password: password.value }, quiet: true, token: '' });
    // Signed in: from now on the cookie is the credential (an access code kept here would outrank it).
    session.clear();
    session.personHint = true;
    localStorage.removeItem(WAY_KEY);
    password.value = '';
    $('sign-in-message').replaceChildren();
    await start();
  } catch (error) {
    $('sign-in-message').replaceChildren(errorNotice(error));
    password.select();
  } finally {
    button.disabled = false;
  }
});

// A passkey signs a person in alone: the browser offers the ones it keeps for this site.
$('passkey-sign-in').addEventListener('click', async (event) => {
  const button = event.currentTarget;
  const message = $('sign-in-message');
  button.disabled = true;
  try {
    const { challengeId, options } = await api.call('adminPasskeySignInOptions', { quiet: true, token: '' });
    let response;
    try {
      response = await usePasskey(options);
    } catch (error) {
      message.replaceChildren(notice('error', passkeyProblem(error)));
      return;
    }
    await api.call('adminPasskeySignIn', { body: { challengeId, response }, quiet: true, token: '' });
    session.clear();
    session.personHint = true;
    localStorage.removeItem(WAY_KEY);
    message.replaceChildren();
    await start();
  } catch (error) {
    message.replaceChildren(errorNotice(error));
  } finally {
    button.disabled = false;
  }
});

$('login-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const input = $('token');
  const token = input.value.trim();
  const button = event.target.querySelector('button[type=submit]');
  if (!token) {
    $('login-message').replaceChildren(notice('error', t('Enter the access code first.')));
    return;
  }
  button.disabled = true;
  try {
    await api.call('adminGetStatus', { token });
    session.token = token;
    localStorage.setItem(WAY_KEY, 'code');
    input.value = '';
    $('login-message').replaceChildren();
    await start();
  } catch (error) {
    $('login-message').replaceChildren(errorNotice(error));
  } finally {
    button.disabled = false;
  }
});

// A one-time link (an invitation, a new password): #welcome/<secret>. The secret leaves the
// address at once (history, a shared screen), and is sent only with the password chosen.
// The link is checked as it is opened: a used or expired one is said at once, with what to do,
// before anyone chooses a password for nothing.
let welcomeSecret = null;
async function showWelcome(secret) {
  welcomeSecret = secret;
  history.replaceState(null, '', location.pathname + location.search);
  shell.hidden = true;
  loginSection.hidden = true;
  hideFirstAccount();
  welcomeSection.hidden = false;
  const form = $('welcome-form');
  const gone = $('welcome-gone');
  form.hidden = false;
  gone.hidden = true;
  $('welcome-password').focus();
  const answer = await api.call('adminCheckLink', { body: { link: secret }, quiet: true, token: '' }).catch(() => null);
  // No answer (the server out of reach): the form stays, and saving says what went wrong.
  if (answer?.usable !== false || welcomeSecret !== secret) return;
  welcomeSecret = null;
  form.hidden = true;
  gone.hidden = false;
  gone.focus();
}

$('welcome-sign-in').addEventListener('click', () => showLogin(undefined, { withCode: false }));

$('welcome-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const password = $('welcome-password').value;
  const message = $('welcome-message');
  if (password !== $('welcome-again').value) {
    message.replaceChildren(notice('error', t('The two passwords are not the same. Type the new one twice, the same way.')));
    return;
  }
  const button = event.target.querySelector('button[type=submit]');
  button.disabled = true;
  try {
    await api.call('adminUseLink', { body: { link: welcomeSecret, password }, quiet: true, token: '' });
    session.clear();
    session.personHint = true;
    welcomeSecret = null;
    event.target.reset();
    message.replaceChildren();
    history.replaceState(null, '', '#calendar');
    await start();
  } catch (error) {
    message.replaceChildren(errorNotice(error));
  } finally {
    button.disabled = false;
  }
});

$('logout').addEventListener('click', async () => {
  const wasSession = me?.via === 'session';
  // The server ends the session (and clears its cookie); a failure to reach it still logs out here.
  if (wasSession) await api.call('adminSignOut', { quiet: true }).catch(() => undefined);
  session.clear();
  sessionStorage.removeItem(BUSINESS_KEY);
  forgetCalendar();
  showLogin(undefined, { withCode: !wasSession });
  $(wasSession ? 'sign-in-message' : 'login-message').replaceChildren(notice('good', t('You are logged out.')));
});

// On a phone the menu folds away behind one button; from 700px it is always shown (style.css).
const menuToggle = $('menu-toggle');
function closeMenu() {
  menuToggle.setAttribute('aria-expanded', 'false');
  shell.classList.remove('menu-open');
}
menuToggle.addEventListener('click', () => {
  const open = menuToggle.getAttribute('aria-expanded') !== 'true';
  menuToggle.setAttribute('aria-expanded', String(open));
  shell.classList.toggle('menu-open', open);
});
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && shell.classList.contains('menu-open')) {
    closeMenu();
    menuToggle.focus();
  }
});

$('business-picker').addEventListener('change', async (event) => {
  await chooseBusiness(Number(event.target.value));
  show();
});

onUnauthorized((error) => {
  const hadCode = session.token !== null;
  session.clear();
  if (error.code === 'session_ended' || !hadCode) showLogin(SIGNED_OUT);
  else showLogin(CODE_REFUSED, { withCode: true });
});

// The tabs of a browser share one login: "Log out" in one logs out all, and logging in in one
// logs in the others that are waiting at the login (the access code's key, or a person's hint).
window.addEventListener('storage', (event) => {
  if (event.key !== session.key && event.key !== session.hintKey) return;
  if (!event.newValue && !shell.hidden) {
    const withCode = me?.via === 'token';
    showLogin(undefined, { withCode });
    $(withCode ? 'login-message' : 'sign-in-message').replaceChildren(
      notice('good', t('You are logged out (“Log out” was pressed in another tab).')),
    );
  } else if (event.newValue && shell.hidden) start();
});

// A change of address with unsaved changes in the view asks first, and puts the address back
// while it asks (and for good, if the user stays).
window.addEventListener('hashchange', async () => {
  if (location.hash.startsWith('#welcome/')) return showWelcome(location.hash.slice('#welcome/'.length));
  if (!me || shell.hidden || starting) return;
  const target = location.hash;
  if (target !== shown && hasUnsaved(view)) {
    history.replaceState(null, '', shown);
    if (!(await mayLeave(view))) return;
    forgetUnsaved(view);
    history.replaceState(null, '', target);
  }
  show();
});
watchUnsaved(view);

await speakIn(null);
if (location.hash.startsWith('#welcome/')) showWelcome(location.hash.slice('#welcome/'.length));
else if (session.token || session.personHint) start();
else await showFirstLogin();
