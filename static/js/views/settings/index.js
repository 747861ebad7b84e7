// Salon settings (#settings): name and contact, time zone, opening hours, closed days, the booking
// rules and the booking page, each its own form with its own save button and sentence; whether
// clients reach the booking page from outside; their reminders and e-mail; the calendars on
// staff phones; the backups (views/backups); the way to People (views/people); and the way back
// to the setup steps.
// load → state → render, with the actions of each form.

import { h } from '../../dom.js';
import { t } from '../../locale.js';
import { backupsPart } from '../backups/index.js';
import { settingsActions } from './actions.js';
import { calendarFeedsPart } from './calendar-feeds.js';
import { clientRulesForm } from './client-rules.js';
import { closuresPart } from './closures.js';
import { detailsForm, hoursForm, rulesForm } from './forms.js';
import { loadSalon } from './load.js';
import { mailPart } from './mail/index.js';
import { bookingPagePart } from './booking-page/index.js';
import { reachabilityPart } from './reachability.js';
import { titledSection, viewPage } from '../../ui/pages.js';

/** The way to People: who signs in to the back office, and with which role. */
function peopleLink() {
  return titledSection(
    { class: 'card', titleId: 'people-link-title', title: t('People') },
    h('p', null, t('Everyone who works here can sign in with their own e-mail address and password, as owner, front desk or stylist.')),
    h(
      'div',
      { class: 'actions' },
      h('a', { class: 'button', href: '#people' }, t('Invite and manage people')),
      h('a', { class: 'button', href: '#account' }, t('Your own account')),
    ),
  );
}

/** The way back to the first-run setup once it is done. */
function setupAgain() {
  return titledSection(
    { class: 'card', titleId: 'setup-again-title', title: t('Setup steps') },
    h(
      'p',
      null,
      t('The steps of the first setup stay here to look over: the salon, its services, its staff, and the booking page for your website.'),
    ),
    h('div', { class: 'actions' }, h('a', { class: 'button', href: '#setup/widget' }, t('Open the setup steps'))),
  );
}

/**
 * "On this page": a button per part of Settings (each part's heading), which brings the part into
 * view and its heading into focus. Buttons, not #links: the address's # names the back office's pages.
 */
function contents(parts) {
  const headings = parts.map((part) => part?.querySelector?.('h3[id]')).filter(Boolean);
  const go = (heading) => {
    heading.setAttribute('tabindex', '-1');
    heading.scrollIntoView({ block: 'start' });
    heading.focus({ preventScroll: true });
  };
  return h(
    'nav',
    { class: 'contents', 'aria-labelledby': 'settings-contents-title' },
    h('h3', { id: 'settings-contents-title' }, t('On this page')),
    h(
      'ul',
      null,
      headings.map((heading) =>
        h('li', null, h('button', { type: 'button', class: 'quiet', onclick: () => go(heading) }, heading.textContent)),
      ),
    ),
  );
}

export async function renderSettings(ctx) {
  const salon = await loadSalon(ctx);
  const business = salon.current();
  const actions = settingsActions(salon);
  const closures = closuresPart(ctx);
  const reachability = reachabilityPart();
  const backups = backupsPart();
  const feeds = calendarFeedsPart(ctx);
  const [mail] = await Promise.all([mailPart(ctx), closures.load(), reachability.load(), backups.load(), feeds.load()]);
  const parts = [
    detailsForm(business, actions),
    peopleLink(),
    hoursForm(business, actions),
    closures.element,
    rulesForm(business, actions),
    await bookingPagePart(ctx),
    reachability.element,
    clientRulesForm(business, actions),
    mail,
    feeds.element,
    backups.element,
    setupAgain(),
  ];
  return viewPage({ class: 'settings', title: t('Salon settings') }, contents(parts), ...parts);
}
