// The inbox (#inbox): what waits on the salon, newest first: bookings to confirm or decline (made
// on the booking page or by a connected program), bookings whose client is to check, and
// connections switched off after their failures. Drawn again when the menu's count finds it
// changed (count.js). load → render, the actions in actions.js.

import { h } from '../../dom.js';
import { t, tn } from '../../locale.js';
import { messageArea } from '../../ui/notice.js';
import { cardsOf, viewPage } from '../../ui/pages.js';
import { switchedOffNotices } from '../overview/switched-off.js';
import { inboxActions } from './actions.js';
import { waitingCard } from './cards.js';

function summary(inbox) {
  if (inbox.count === 0)
    return t('Nothing waits for you. New bookings to confirm from the booking page and connected programs appear here.');
  const shown = inbox.bookings.length + inbox.switchedOff.length;
  if (shown < inbox.count)
    return tn(
      inbox.count,
      '{count} thing waits for you; the newest {shown} are shown.',
      '{count} things wait for you; the newest {shown} are shown.',
      { shown },
    );
  return tn(inbox.count, '{count} thing waits for you.', '{count} things wait for you.');
}

export async function renderInbox(ctx) {
  const inbox = await ctx.api.call('adminGetInbox');
  const actions = inboxActions(ctx);
  return viewPage(
    { class: 'inbox', title: t('Inbox') },
    messageArea(null, ctx.flash),
    h('p', { class: 'summary' }, summary(inbox)),
    switchedOffNotices(ctx.api, inbox.switchedOff),
    inbox.bookings.length ? cardsOf(inbox.bookings, (item) => waitingCard(item, actions)) : null,
  );
}
