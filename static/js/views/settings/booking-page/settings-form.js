// Render: the booking page's settings in a form of its own: the short name in its address,
// language, colour, cancellation policy, and whether new clients' bookings wait for the salon.
// `read()` gives them as the API takes them, or the problem with the short name.

import { h } from '../../../dom.js';
import { marked, t } from '../../../locale.js';
import { checkbox, choice, field, formPanel, input } from '../../../ui/fields.js';
import { languageSelect } from '../../../ui/languages.js';

const PAGE_COLOUR = '#1d5b8f';
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

/** "Buttons in my own colour", and the colour (named "Colour" for screen readers), chosen only then. */
function colourChoice(settings) {
  const own = h('input', { type: 'checkbox', id: 'page-own-colour', checked: settings.accentColor !== null });
  const colour = input('page-colour', {
    type: 'color',
    value: settings.accentColor ?? PAGE_COLOUR,
    disabled: settings.accentColor === null,
    'aria-label': t('Colour'),
  });
  own.addEventListener('change', () => {
    colour.disabled = !own.checked;
  });
  const element = h('div', { class: 'field' }, choice(own, t('Buttons in my own colour')), colour);
  return { element, read: () => (own.checked ? colour.value : null) };
}

function pageFields(settings) {
  const slug = input('page-slug', { value: settings.slug, maxlength: 40, spellcheck: 'false', autocapitalize: 'off' });
  // '' is each visitor's own language (the API's null).
  const locale = languageSelect({
    id: 'page-locale',
    name: 'locale',
    none: marked('Each visitor’s language (English or German)'),
    chosen: settings.locale ?? '',
  });
  const colour = colourChoice(settings);
  const policy = h('textarea', { id: 'page-policy', name: 'policy', rows: 3, maxlength: 2000, value: settings.cancellationPolicy });
  const confirm = checkbox('page-confirm-new', t('New clients’ bookings wait for my confirmation'), settings.confirmNewClients);
  const element = h(
    'div',
    { class: 'edit-fields' },
    field(
      t('Short name in its address'),
      slug,
      t('{address}…: lower-case letters, digits and hyphens.', { address: settings.pageUrl.replace(/[^/]*$/, '') }),
    ),
    field(
      t('Language, and how dates and times are written'),
      locale,
      t(
        'With each visitor’s language, a browser in German gets the page in German, any other in English. The back office speaks it too, unless you choose its own language under Your account.',
      ),
    ),
    colour.element,
    field(t('Cancellation policy (optional)'), policy, t('Shown to clients before they book, in your words.')),
    confirm,
    h(
      'p',
      { class: 'hint' },
      t(
        'A client you have not seen yet (no completed visit, never booked by you) then gets an unconfirmed booking, which waits in the Inbox for you to confirm or decline. Everyone else’s booking is confirmed at once, as it is for all clients without this.',
      ),
    ),
  );
  const read = () => {
    const body = {
      slug: slug.value.trim().toLowerCase(),
      locale: locale.value || null,
      accentColor: colour.read(),
      cancellationPolicy: policy.value.trim(),
      confirmNewClients: confirm.querySelector('input').checked,
    };
    return { body, problems: SLUG.test(body.slug) ? [] : [t('The short name is 1 to 40 lower-case letters, digits and hyphens.')] };
  };
  return { element, read };
}

export function settingsForm(settings, save) {
  const fields = pageFields(settings);
  const onSave = (messages) => save(messages, fields.read());
  return formPanel(
    'booking-page-settings',
    t('How the booking page looks and books'),
    null,
    fields.element,
    t('Save the booking page'),
    onSave,
  );
}
