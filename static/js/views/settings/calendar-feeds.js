// Calendars on phones: a secret address per staff member (or for the whole salon) that a phone's
// calendar subscribes to; made here and shown once, listed without it, and stopped at once.
// load → render, with its two actions.

import { button, h, isolate, namedChoice } from '../../dom.js';
import { dateTime } from '../../format.js';
import { t } from '../../locale.js';
import { copyText } from '../../ui/copy.js';
import { field } from '../../ui/fields.js';
import { messageArea, notice, perform, performIfSure, say } from '../../ui/notice.js';
import { rowsOf } from '../../ui/pages.js';
import { onlyThisComputer } from '../people/link.js';

const INTRO = () =>
  t(
    'Each staff member can see their bookings in their phone’s calendar (Google, Apple, Outlook): make an address here and subscribe to it on the phone. Whoever has the address sees the times, services and clients’ names, so stop an address that was shared by mistake or was on a lost phone.',
  );
const HOW = () =>
  t(
    'On an iPhone: Settings → Apps → Calendar → Calendar Accounts → Add Account → Other → Add Subscribed Calendar. With Google Calendar: on a computer, Other calendars → + → From URL. The phone must reach this computer at this address.',
  );
const STOP_QUESTION = (feed) => ({
  title: t('Stop this calendar address?'),
  text: t('Phones subscribed to “{name}” stop getting the bookings at once. A new address can be made at any time.', {
    name: feed.name,
  }),
  confirmLabel: t('Stop the address'),
  danger: true,
});
const copyWords = () => ({ copied: t('Copied.'), selected: t('Selected: press Ctrl+C to copy.') });

/**
 * The feed's name in the page's language when it is the one the server gave it ("Anna's bookings",
 * "All bookings"); a name given through the API stays as it is.
 */
function feedName(feed, staff) {
  if (feed.staffId === null) return feed.name === 'All bookings' ? t('All bookings') : feed.name;
  const member = staff.find((s) => s.id === feed.staffId);
  return member && feed.name === `${member.name}'s bookings` ? t("{name}'s bookings", { name: member.name }) : feed.name;
}

/** The new address, shown once, with a copy button. */
function newAddress(feed, onDone) {
  const url = new URL(feed.path, location.origin).href;
  const value = h('input', { id: 'new-feed-url', type: 'text', readOnly: true, value: url, spellcheck: 'false' });
  const status = h('p', { class: 'copy-status', 'aria-live': 'polite' });
  return h(
    'div',
    { class: 'new-key new-feed' },
    h('p', { class: 'once' }, h('strong', null, t('Copy this address now: you won’t see it again.')), ` ${HOW()}`),
    onlyThisComputer(url)
      ? notice(
          'warn',
          t(
            'This address works only on this computer: it carries the address this page is open at, {host}, which no phone reaches. Open the back office at an address the salon’s devices reach (the one the server names when it starts, or the salon’s public address), make a new calendar address there and stop this one.',
            { host: new URL(url).host },
          ),
        )
      : null,
    field(t('Calendar address for {name}', { name: isolate(feed.name) }), value),
    h(
      'div',
      { class: 'actions' },
      button(t('Copy'), () => copyText(value, status, copyWords()), 'primary'),
      button(t('Done'), onDone),
    ),
    status,
  );
}

function feedItem(feed, revoke) {
  return h(
    'li',
    { 'data-feed-id': feed.id },
    h('span', null, t('{name} (made {time})', { name: isolate(feed.name), time: dateTime(feed.createdAt) })),
    button(t('Stop this address'), (element) => revoke(element, feed), 'danger'),
  );
}

function makeForm(staff, make) {
  const whose = namedChoice(
    h(
      'select',
      { id: 'feed-whose', name: 'whose' },
      h('option', { value: '' }, t('The whole salon')),
      staff.filter((s) => s.active).map((s) => h('option', { value: String(s.id) }, s.name)),
    ),
  );
  const submit = h('button', { type: 'submit', class: 'primary' }, t('Make a calendar address'));
  const form = h(
    'form',
    { class: 'feed-form', novalidate: true },
    field(t('Whose bookings'), whose),
    h('div', { class: 'actions' }, submit),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    make(submit, whose.value ? Number(whose.value) : null);
  });
  return form;
}

/** The section: `load()` fetches the addresses and the staff and draws it; `element` is on the page. */
export function calendarFeedsPart(ctx) {
  const element = h('section', { class: 'card calendar-feeds', 'aria-labelledby': 'feeds-title' });
  const messages = messageArea();
  let feeds = [];
  let staff = [];
  let shown = null;
  const done = () => {
    shown = null;
    draw();
  };
  const draw = () => {
    const named = (feed) => ({ ...feed, name: feedName(feed, staff) });
    const live = feeds.filter((feed) => feed.status === 'active').map(named);
    element.replaceChildren(
      h('h3', { id: 'feeds-title' }, t('Calendars on phones')),
      h('p', { class: 'hint' }, INTRO()),
      rowsOf({ class: 'feeds' }, live, (feed) => feedItem(feed, revoke), t('No calendar addresses yet.')),
      messages,
      shown ? newAddress(named(shown), done) : makeForm(staff, make),
    );
  };
  const load = async () => {
    [feeds, staff] = await Promise.all([ctx.api.list('adminListCalendarFeeds'), ctx.api.list('adminListStaff')]);
    draw();
  };
  const make = (submit, staffId) =>
    perform(submit, t('Making…'), messages, async () => {
      // Named in the page's language: the phone shows the name ("Salon Sonne: Alle Termine").
      const member = staff.find((s) => s.id === staffId);
      const name = member ? t("{name}'s bookings", { name: member.name }) : t('All bookings');
      shown = await ctx.api.call('adminCreateCalendarFeed', { body: staffId === null ? { name } : { staffId, name } });
      messages.replaceChildren();
      await load();
    });
  const revoke = (element, feed) =>
    performIfSure(STOP_QUESTION(feed), element, t('Stopping…'), messages, async () => {
      await ctx.api.call('adminRevokeCalendarFeed', { id: feed.id });
      await load();
      say(messages, 'good', t('Stopped the address for {name}: it shows nothing any more.', { name: isolate(feed.name) }));
    });
  return { element, load };
}
