// Render: where the salon's booking page is, as a link and a QR code; the one line that shows it
// on the salon's website (embed.js: no key and nothing secret in it), with a preview of just that.
// The setup's last step and Settings show it.

import { button, h } from '../../../dom.js';
import { copyText } from '../../../ui/copy.js';
import { t } from '../../../locale.js';
import { field } from '../../../ui/fields.js';
import { notice } from '../../../ui/notice.js';

/** The booking page's settings (adminGetBookingPage), for the setup and Settings. */
export const loadBookingPage = (api) => api.call('adminGetBookingPage');

const NOT_PUBLIC = () =>
  t(
    'This is the address this browser uses to reach the server. Clients can use it only if their devices reach this computer the same way; to take bookings from the internet, whoever installed the booking program gives it the address clients reach it at; then open this page again.',
  );

function pageAddress(settings) {
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(settings.qrCodeSvg)}`;
  return h(
    'div',
    { class: 'page-address' },
    h(
      'div',
      null,
      h(
        'p',
        null,
        t('Your booking page: {link}', { link: h('a', { href: settings.pageUrl, target: '_blank', rel: 'noopener' }, settings.pageUrl) }),
      ),
      h('p', { class: 'hint' }, t('Share it as a link: on Instagram, Google Maps, in messages. It needs no login.')),
      h('p', null, h('a', { href: qr, download: `booking-page-${settings.slug}.svg` }, t('Download the QR code'))),
    ),
    h('img', { class: 'qr-code', src: qr, alt: t('QR code of {url}', { url: settings.pageUrl }), width: 144, height: 144 }),
  );
}

/** The page's address, its QR code, the line for a website and a preview of what that line shows. */
export function bookingPageShare(settings) {
  const line = h('textarea', { id: 'embed-line', readOnly: true, rows: 3, spellcheck: 'false', value: settings.embedLine });
  const copied = h('p', { class: 'hint', role: 'status' });
  // The preview runs the very line a website pastes (same server, so the relative address).
  const preview = h('div', { class: 'page-preview' });
  preview.append(h('script', { src: '/embed.js', 'data-business': settings.slug, 'data-title': t('Preview of the booking page') }));
  return h(
    'div',
    { class: 'booking-page-share' },
    settings.publicUrlSet ? null : notice('warn', NOT_PUBLIC()),
    pageAddress(settings),
    field(
      t('Line for your website'),
      line,
      t('Paste it into your website where the booking page should appear, as it is. It holds no key and nothing secret.'),
    ),
    h(
      'div',
      { class: 'actions' },
      button(t('Copy the line'), () => copyText(line, copied, { copied: t('Copied.'), selected: t('Selected: press Ctrl+C to copy.') })),
    ),
    copied,
    h('h4', null, t('What the line shows')),
    preview,
  );
}
