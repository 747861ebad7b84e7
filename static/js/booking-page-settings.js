// The salon's booking page in the back office (the setup's last step and Settings): where it is,
// as a link and a QR code; the one line that shows it on the salon's website (embed.js: no key
// and nothing secret in it), with a preview of just that; and its settings: the short name in its
// address, language, colour, logo, cancellation policy, and whether new clients' bookings wait
// for the salon.

import { api, businessPath } from './api.js';
import { busy, errorNotice, h, notice } from './dom.js';
import { checkbox, field, formPanel, input, say, showProblems } from './forms.js';

const LOCALES = [
  ['en-GB', 'English (UK)'],
  ['en-US', 'English (US)'],
  ['de-DE', 'Deutsch (Deutschland)'],
  ['de-AT', 'Deutsch (Österreich)'],
  ['de-CH', 'Deutsch (Schweiz)'],
];
const PAGE_COLOUR = '#1d5b8f';
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

export const loadBookingPage = (ctx) => api(`${businessPath(ctx.business)}/booking-page`);

/** Copies `control`'s text, or selects it for Ctrl+C where the browser does not let the page copy; says which in `said`. */
async function copyFrom(control, said) {
  try {
    await navigator.clipboard.writeText(control.value);
    said.textContent = 'Copied.';
  } catch {
    control.focus();
    control.select();
    said.textContent = 'Selected: press Ctrl+C to copy.';
  }
}

/** The page's address, its QR code, the line for a website and a preview of what that line shows. */
export function bookingPageShare(settings) {
  const line = h('textarea', { id: 'embed-line', readOnly: true, rows: 3, spellcheck: 'false', value: settings.embedLine });
  const copied = h('p', { class: 'hint', role: 'status' });
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(settings.qrCodeSvg)}`;
  // The preview runs the very line a website pastes (same server, so the relative address).
  const preview = h('div', { class: 'page-preview' });
  preview.append(h('script', { src: '/embed.js', 'data-business': settings.slug, 'data-title': 'Preview of the booking page' }));
  return h(
    'div',
    { class: 'booking-page-share' },
    settings.publicUrlSet
      ? null
      : notice(
          'warn',
          'This is the address this browser uses to reach the server. Clients can use it only if their devices reach this computer the same way; to take bookings from the internet, give the server the address clients reach it at (the setting BOOKING_PUBLIC_URL) and open this page again.',
        ),
    h(
      'div',
      { class: 'page-address' },
      h(
        'div',
        null,
        h('p', null, 'Your booking page: ', h('a', { href: settings.pageUrl, target: '_blank', rel: 'noopener' }, settings.pageUrl)),
        h('p', { class: 'hint' }, 'Share it as a link: on Instagram, Google Maps, in messages. It needs no login.'),
        h('p', null, h('a', { href: qr, download: `booking-page-${settings.slug}.svg` }, 'Download the QR code')),
      ),
      h('img', { class: 'qr-code', src: qr, alt: `QR code of ${settings.pageUrl}`, width: 144, height: 144 }),
    ),
    field(
      'Line for your website',
      line,
      'Paste it into your website where the booking page should appear, as it is. It holds no key and nothing secret.',
    ),
    h('div', { class: 'actions' }, h('button', { type: 'button', onclick: () => copyFrom(line, copied) }, 'Copy the line')),
    copied,
    h('h4', null, 'What the line shows'),
    preview,
  );
}

/** The settings of the page, in a form of its own; `onSaved(settings, sentence)` after each save. */
function settingsForm(ctx, settings, onSaved) {
  const url = `${businessPath(ctx.business)}/booking-page`;
  const slug = input('page-slug', { value: settings.slug, maxlength: 40, spellcheck: 'false', autocapitalize: 'off' });
  const locale = h(
    'select',
    { id: 'page-locale', name: 'locale' },
    LOCALES.map(([value, label]) => h('option', { value, selected: value === settings.locale }, label)),
  );
  const ownColour = h('input', { type: 'checkbox', id: 'page-own-colour', checked: settings.accentColor !== null });
  const colour = input('page-colour', {
    type: 'color',
    value: settings.accentColor ?? PAGE_COLOUR,
    disabled: settings.accentColor === null,
  });
  ownColour.addEventListener('change', () => {
    colour.disabled = !ownColour.checked;
  });
  const policy = h('textarea', { id: 'page-policy', name: 'policy', rows: 3, maxlength: 2000, value: settings.cancellationPolicy });
  const confirm = checkbox('page-confirm-new', 'New clients’ bookings wait for my confirmation', settings.confirmNewClients);
  return formPanel(
    'booking-page-settings',
    'How the booking page looks and books',
    null,
    h(
      'div',
      { class: 'edit-fields' },
      field('Short name in its address', slug, `${settings.pageUrl.replace(/[^/]*$/, '')}…: lower-case letters, digits and hyphens.`),
      field('Language, and how dates and times are written', locale),
      h(
        'div',
        { class: 'field' },
        h('div', { class: 'choice' }, ownColour, h('label', { for: ownColour.id }, 'Buttons in my own colour')),
        h('label', { for: colour.id, class: 'visually-hidden' }, 'Colour'),
        colour,
      ),
      field('Cancellation policy (optional)', policy, 'Shown to clients before they book, in your words.'),
      confirm,
      h(
        'p',
        { class: 'hint' },
        'A client you have not seen yet (no completed visit, never booked by you) then gets an unconfirmed booking; confirm it on the calendar. Everyone else’s booking is confirmed at once, as it is for all clients without this.',
      ),
    ),
    'Save the booking page',
    async (messages) => {
      const body = {
        slug: slug.value.trim().toLowerCase(),
        locale: locale.value,
        accentColor: ownColour.checked ? colour.value : null,
        cancellationPolicy: policy.value.trim(),
        confirmNewClients: confirm.querySelector('input').checked,
      };
      if (showProblems(messages, SLUG.test(body.slug) ? [] : ['The short name is 1 to 40 lower-case letters, digits and hyphens.'])) return;
      const changed = Object.fromEntries(Object.entries(body).filter(([key, value]) => value !== settings[key]));
      if (Object.keys(changed).length === 0) return say(messages, 'good', 'Nothing to save: no setting was changed.');
      const saved = await api(url, { method: 'PATCH', body: changed });
      onSaved(
        saved,
        changed.slug
          ? `Saved. The booking page is now at ${saved.pageUrl}: put the new line on your website, the old address no longer works.`
          : 'Saved the booking page.',
      );
    },
  );
}

/** The logo: choose a file (sent at once), or remove it. */
function logoPanel(ctx, settings, onSaved) {
  const url = `${businessPath(ctx.business)}/booking-page/logo`;
  const messages = h('div', { class: 'message-area' });
  const file = h('input', { type: 'file', id: 'page-logo', accept: 'image/png,image/jpeg,image/webp' });
  file.addEventListener('change', () => {
    const chosen = file.files?.[0];
    if (!chosen) return;
    if (chosen.size > 100 * 1024)
      return say(messages, 'error', `This image is ${Math.ceil(chosen.size / 1024)} KB; a logo can be at most 100 KB.`);
    const reader = new FileReader();
    reader.addEventListener('load', async () => {
      try {
        onSaved(await api(url, { method: 'PUT', body: { image: reader.result } }), 'Saved the logo: the booking page shows it now.');
      } catch (error) {
        messages.replaceChildren(errorNotice(error));
      }
    });
    reader.readAsDataURL(chosen);
  });
  const remove = h('button', { type: 'button', class: 'danger' }, 'Remove the logo');
  remove.addEventListener('click', () =>
    busy(remove, 'Removing…', async () => {
      try {
        onSaved(await api(url, { method: 'DELETE' }), 'Removed the logo.');
      } catch (error) {
        messages.replaceChildren(errorNotice(error));
      }
    }),
  );
  return h(
    'section',
    { class: 'panel', 'aria-labelledby': 'page-logo-heading' },
    h('h3', { id: 'page-logo-heading' }, 'Logo on the booking page'),
    settings.logo
      ? h(
          'p',
          null,
          h('img', {
            class: 'page-logo',
            src: `/book/${settings.slug}/logo?v=${Date.parse(settings.logo.updatedAt)}`,
            alt: 'The logo now',
          }),
        )
      : h('p', { class: 'hint' }, 'No logo yet: the page shows the salon’s name.'),
    field(settings.logo ? 'Another logo' : 'Choose a logo', file, 'PNG, JPEG or WebP, at most 100 KB.'),
    settings.logo ? h('div', { class: 'actions' }, remove) : null,
    messages,
  );
}

/** Settings' part: the page shared (link, QR code, line, preview), its settings and its logo. */
export async function bookingPagePart(ctx) {
  const element = h('section', { class: 'booking-page-part', 'aria-labelledby': 'booking-page-heading' });
  const draw = (settings, said) => {
    const share = h(
      'div',
      { class: 'panel' },
      h('h3', { id: 'booking-page-heading' }, 'Booking page'),
      h('p', { class: 'hint' }, 'Where your clients book themselves, on your website or from a link.'),
      said ? notice('good', said) : null,
      bookingPageShare(settings),
    );
    element.replaceChildren(share, settingsForm(ctx, settings, draw), logoPanel(ctx, settings, draw));
  };
  draw(await loadBookingPage(ctx));
  return element;
}
