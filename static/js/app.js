// The page: login, the choice of salon, and the views behind the address's #fragment (the table
// of views is routes.js). The token is never part of the address.

import { api, onUnauthorized, session } from './api.js';
import { h } from './dom.js';
import { speakFor, t, translateMarked } from './locale.js';
import { routeOf } from './routes.js';
import { inboxCount } from './views/inbox/count.js';
import { errorNotice, notice, takeFlash } from './ui/notice.js';
import { forgetUnsaved, hasUnsaved, mayLeave, watchUnsaved } from './ui/unsaved.js';

const BUSINESS_KEY = 'booking-api.business';

const $ = (id) => document.getElementById(id);
const loginSection = $('login');
const shell = $('shell');
const view = $('view');

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
  const mine = ++renderCount;
  const ctx = {
    business,
    api: business ? api.salon(business) : null,
    flash: takeFlash(),
    refresh: () => show(),
    isCurrent: () => mine === renderCount && session.token !== null,
    reloadBusinesses,
  };
  if (!quiet) view.replaceChildren(h('p', { class: 'loading' }, t('Loading…')));
  try {
    const content = await route.render(ctx, route.id);
    if (ctx.isCurrent()) view.replaceChildren(content);
  } catch (error) {
    if (ctx.isCurrent()) view.replaceChildren(errorNotice(error), h('button', { type: 'button', onclick: () => show() }, t('Try again')));
  }
  if (ctx.isCurrent() && business) inbox.refresh();
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
  await speakIn(business);
  sessionStorage.setItem(BUSINESS_KEY, String(business.id));
  inbox.watch(business);
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
    inbox.watch(null);
    showSalonName('');
    await speakIn(null);
    return;
  }
  await chooseBusiness(id ?? Number(sessionStorage.getItem(BUSINESS_KEY)));
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

async function start() {
  loginSection.hidden = true;
  shell.hidden = false;
  view.replaceChildren(h('p', { class: 'loading' }, t('Loading…')));
  try {
    await reloadBusinesses();
  } catch (error) {
    if (session.token) view.replaceChildren(errorNotice(error), h('button', { type: 'button', onclick: start }, t('Try again')));
    return;
  }
  await show();
}

function showLogin(message) {
  clearTimeout(refreshTimer);
  inbox.watch(null);
  renderCount += 1;
  shell.hidden = true;
  loginSection.hidden = false;
  view.replaceChildren();
  $('login-message').replaceChildren(...(message ? [notice('error', message)] : []));
  $('token').focus();
}

$('login-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const input = $('token');
  const token = input.value.trim();
  const button = event.target.querySelector('button');
  if (!token) {
    $('login-message').replaceChildren(notice('error', t('Enter the access code first.')));
    return;
  }
  button.disabled = true;
  try {
    await api.call('adminGetStatus', { token });
    session.token = token;
    input.value = '';
    $('login-message').replaceChildren();
    await start();
  } catch (error) {
    $('login-message').replaceChildren(errorNotice(error));
  } finally {
    button.disabled = false;
  }
});

$('logout').addEventListener('click', () => {
  session.clear();
  sessionStorage.removeItem(BUSINESS_KEY);
  showLogin();
  $('login-message').replaceChildren(notice('good', t('You are logged out.')));
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

onUnauthorized(() => {
  session.clear();
  showLogin(
    t(
      'You have been logged out because the access code is no longer accepted (a new one may have been made). Please log in with the new one.',
    ),
  );
});

// The tabs of a browser share one login: "Log out" in one logs out all, and logging in in one
// logs in the others that are waiting at the login.
window.addEventListener('storage', (event) => {
  if (event.key !== session.key) return;
  if (!event.newValue && !shell.hidden) {
    showLogin();
    $('login-message').replaceChildren(notice('good', t('You are logged out (“Log out” was pressed in another tab).')));
  } else if (event.newValue && shell.hidden) start();
});

// A change of address with unsaved changes in the view asks first, and puts the address back
// while it asks (and for good, if the user stays).
window.addEventListener('hashchange', async () => {
  if (!session.token || shell.hidden) return;
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
if (session.token) start();
else showLogin();
