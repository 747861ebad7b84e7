// "Where you are signed in": each session of the person's (browser, address, last used), this
// device marked, and "End" for each other one.

import { button, h, isolate } from '../../dom.js';
import { dateTimeAgo } from '../../format.js';
import { t } from '../../locale.js';
import { messageArea, perform, say } from '../../ui/notice.js';
import { rowItem } from '../../ui/pages.js';
import { deviceWords } from './device.js';

function sessionRow(session, end) {
  return rowItem(
    { class: 'session', 'data-session-id': session.id },
    [
      h('strong', null, deviceWords(session.userAgent)),
      session.current ? [' ', h('span', { class: 'badge good' }, t('This device'))] : null,
      h(
        'p',
        { class: 'hint' },
        t('Address {address}, last used {time}', { address: isolate(session.address ?? '?'), time: dateTimeAgo(session.lastSeenAt) }),
      ),
    ],
    session.current ? null : button(t('End'), (element) => end(element, session)),
  );
}

/** The section: `load()` reads the sessions and draws them; `element` is on the page. */
export function sessionsPart(ctx) {
  const element = h('section', { class: 'card sessions', 'aria-labelledby': 'sessions-title' });
  const messages = messageArea();
  let sessions = [];
  const draw = () => {
    element.replaceChildren(
      h('h3', { id: 'sessions-title' }, t('Where you are signed in')),
      h(
        'p',
        { class: 'hint' },
        t('Each browser you signed in on. End one you no longer use, or one you do not know: it is signed out at once.'),
      ),
      messages,
      h(
        'ul',
        { class: 'list-plain sessions-list' },
        sessions.map((session) => sessionRow(session, end)),
      ),
    );
  };
  const load = async () => {
    sessions = await ctx.api.list('adminListSessions');
    draw();
  };
  const end = (element, session) =>
    perform(element, t('Ending…'), messages, async () => {
      await ctx.api.call('adminEndSession', { id: session.id });
      await load();
      say(messages, 'good', t('Ended: {device} is signed out.', { device: deviceWords(session.userAgent) }));
    });
  return { element, load };
}
