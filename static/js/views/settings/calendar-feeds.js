// Calendars on phones: a secret address per staff member (or for the whole salon) that a phone's
// calendar subscribes to; made here and shown once, listed without it, and stopped at once.
// load → render, with its two actions.

import { button, confirmAction, h, isolate, namedChoice } from '../../dom.js';
import { dateTime } from '../../format.js';
import { copyText } from '../../ui/copy.js';
import { field } from '../../ui/fields.js';
import { messageArea, perform, say } from '../../ui/notice.js';

const INTRO =
  'Each staff member can see their bookings in their phone’s calendar (Google, Apple, Outlook): make an address here and subscribe to it on the phone. Whoever has the address sees the times, services and clients’ names, so stop an address that was shared by mistake or was on a lost phone.';
const HOW =
  'On an iPhone: Settings → Apps → Calendar → Calendar Accounts → Add Account → Other → Add Subscribed Calendar. With Google Calendar: on a computer, Other calendars → + → From URL. The phone must reach this computer at this address.';
const COPY_WORDS = { copied: 'Copied.', selected: 'Selected: press Ctrl+C to copy.' };

/** The new address, shown once, with a copy button. */
function newAddress(feed, onDone) {
  const url = new URL(feed.path, location.origin).href;
  const value = h('input', { id: 'new-feed-url', type: 'text', readOnly: true, value: url, spellcheck: 'false' });
  const status = h('p', { class: 'copy-status', 'aria-live': 'polite' });
  return h(
    'div',
    { class: 'new-key new-feed' },
    h('p', { class: 'once' }, h('strong', null, 'Copy this address now: you won’t see it again.'), ` ${HOW}`),
    field(['Calendar address for ', isolate(feed.name)], value),
    h(
      'div',
      { class: 'actions' },
      button('Copy', () => copyText(value, status, COPY_WORDS), 'primary'),
      button('Done', onDone),
    ),
    status,
  );
}

function feedItem(feed, revoke) {
  return h(
    'li',
    { 'data-feed-id': feed.id },
    h('span', null, isolate(feed.name), ` (made ${dateTime(feed.createdAt)})`),
    button('Stop this address', (element) => revoke(element, feed), 'danger'),
  );
}

function makeForm(staff, make) {
  const whose = namedChoice(
    h(
      'select',
      { id: 'feed-whose', name: 'whose' },
      h('option', { value: '' }, 'The whole salon'),
      staff.filter((s) => s.active).map((s) => h('option', { value: String(s.id) }, s.name)),
    ),
  );
  const submit = h('button', { type: 'submit', class: 'primary' }, 'Make a calendar address');
  const form = h('form', { class: 'feed-form', novalidate: true }, field('Whose bookings', whose), h('div', { class: 'actions' }, submit));
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
    const live = feeds.filter((feed) => feed.status === 'active');
    element.replaceChildren(
      h('h3', { id: 'feeds-title' }, 'Calendars on phones'),
      h('p', { class: 'hint' }, INTRO),
      live.length
        ? h(
            'ul',
            { class: 'feeds' },
            live.map((feed) => feedItem(feed, revoke)),
          )
        : h('p', null, 'No calendar addresses yet.'),
      messages,
      shown ? newAddress(shown, done) : makeForm(staff, make),
    );
  };
  const load = async () => {
    [feeds, staff] = await Promise.all([ctx.api.list('adminListCalendarFeeds'), ctx.api.list('adminListStaff')]);
    draw();
  };
  const make = (submit, staffId) =>
    perform(submit, 'Making…', messages, async () => {
      shown = await ctx.api.call('adminCreateCalendarFeed', { body: staffId === null ? {} : { staffId } });
      messages.replaceChildren();
      await load();
    });
  const revoke = async (element, feed) => {
    const sure = await confirmAction({
      title: 'Stop this calendar address?',
      text: `Phones subscribed to “${feed.name}” stop getting the bookings at once. A new address can be made at any time.`,
      confirmLabel: 'Stop the address',
      danger: true,
    });
    if (!sure) return;
    await perform(element, 'Stopping…', messages, async () => {
      await ctx.api.call('adminRevokeCalendarFeed', { id: feed.id });
      await load();
      say(messages, 'good', ['Stopped the address for ', isolate(feed.name), ': it shows nothing any more.']);
    });
  };
  return { element, load };
}
