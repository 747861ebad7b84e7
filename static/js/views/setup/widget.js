// Render: the last step, the website: the salon's booking page, and the line that shows it on the
// salon's website (no key in it).

import { h } from '../../dom.js';
import { t } from '../../locale.js';
import { notice } from '../../ui/notice.js';
import { bookingPageShare, loadBookingPage } from '../settings/booking-page/share.js';

export async function widgetStep(ctx) {
  const settings = await loadBookingPage(ctx.api);
  return h(
    'section',
    { class: 'card setup-form', 'aria-labelledby': 'setup-website-heading' },
    h('h3', { id: 'setup-website-heading' }, t('Next: bookings from your website')),
    notice('good', t('The salon is ready: services and staff are in. Clients can be booked on the calendar now.')),
    h(
      'p',
      null,
      t(
        'Your clients can book themselves on your booking page: share its address or QR code, or show it on your website with the line below.',
      ),
    ),
    bookingPageShare(settings),
    h('p', { class: 'hint' }, t('Its address, language, colour, logo and cancellation policy can be changed in Settings.')),
    h('div', { class: 'actions' }, h('a', { class: 'button', href: '#calendar' }, t('Go to the calendar'))),
  );
}
