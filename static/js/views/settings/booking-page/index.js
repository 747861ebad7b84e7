// Settings' part for the salon's booking page: the page shared (link, QR code, line, preview), its
// settings and its logo. load → render, drawn again after each save with the sentence saying so.

import { h } from '../../../dom.js';
import { t } from '../../../locale.js';
import { notice } from '../../../ui/notice.js';
import { bookingPageActions } from './actions.js';
import { logoPanel } from './logo.js';
import { settingsForm } from './settings-form.js';
import { bookingPageShare, loadBookingPage } from './share.js';

/**
 * Without a mail server, what the clients who book here are told: no e-mail comes (the mail part
 * further down says how to set one up). As the settings were loaded; a reload says it again.
 */
const NO_MAIL = () =>
  notice(
    'warn',
    t(
      'Clients who book here get no e-mail until a mail server is set up (E-mail to clients, below). The booking page tells them so: no confirmation e-mail comes, and a client whose booking waits for you is asked to get in touch with the salon.',
    ),
  );

export async function bookingPagePart(ctx) {
  const element = h('section', { class: 'booking-page-part', 'aria-labelledby': 'booking-page-heading' });
  const [loaded, mail] = await Promise.all([loadBookingPage(ctx.api), ctx.api.call('adminGetMailSettings')]);
  let current = loaded;
  // The sentence of a save that changed the page's language, said once in the new one (actions.js).
  let flash = ctx.flash;
  const draw = (settings, said) => {
    current = settings;
    const share = h(
      'div',
      { class: 'panel' },
      h('h3', { id: 'booking-page-heading' }, t('Booking page')),
      h('p', { class: 'hint' }, t('Where your clients book themselves, on your website or from a link.')),
      said ? notice('good', said) : flash,
      mail.configured ? null : NO_MAIL(),
      bookingPageShare(settings),
    );
    element.replaceChildren(share, settingsForm(settings, actions.save), logoPanel(settings, actions));
    flash = null;
  };
  const actions = bookingPageActions(ctx, { settings: () => current, saved: draw });
  draw(current);
  return element;
}
