// Render: the first step, the salon: its name, language (the page's), time zone (detected), its
// clients' phone country (proposed) and opening hours.

import { h } from '../../dom.js';
import { zoneOption, zoneWords } from '../../format.js';
import { pageLanguage, pageLocale, t } from '../../locale.js';
import { browserTimeZone, timeZones } from '../../salon-time.js';
import { browserCountry, countrySelect } from '../../ui/country.js';
import { deskField as field } from '../../ui/fields.js';
import { weekEditor } from '../../ui/week-editor.js';
import { stepForm } from './step.js';

const OPEN = { start: '09:00', end: '18:00' };
/** A new salon's hours: Monday to Saturday 09:00–18:00. */
const NEW_SALON_HOURS = { mon: [OPEN], tue: [OPEN], wed: [OPEN], thu: [OPEN], fri: [OPEN], sat: [OPEN] };

/** The languages a salon can speak, each named in its own words; its locale unless the browser's fits. */
const LANGUAGES = [
  ['en', 'English', 'en-GB'],
  ['de', 'Deutsch', 'de-DE'],
];
/** The booking page's locales (its setting in Settings). */
const LOCALES = ['en-GB', 'en-US', 'de-DE', 'de-AT', 'de-CH'];

/**
 * The locale for `language`: the salon's own when it already speaks it, else the browser's when the
 * booking page has that one (de-AT), else the language's usual one (de-DE, en-GB).
 */
function localeFor(language, business) {
  if (business?.locale?.startsWith(`${language}-`)) return business.locale;
  const own = [pageLocale(), ...(navigator.languages ?? [])].find((tag) => tag.toLowerCase().startsWith(`${language}-`));
  const known = LOCALES.find((locale) => locale.toLowerCase() === own?.toLowerCase());
  return known ?? LANGUAGES.find(([code]) => code === language)[2];
}

function languageSelect() {
  return h(
    'select',
    { id: 'setup-language' },
    LANGUAGES.map(([code, name]) => h('option', { value: code, selected: code === pageLanguage(), lang: code }, name)),
  );
}

export function salonStep({ business }, actions) {
  const name = h('input', {
    id: 'setup-name',
    type: 'text',
    required: true,
    maxlength: '200',
    autocomplete: 'organization',
    value: business?.name ?? '',
  });
  const detected = business?.timezone ?? browserTimeZone();
  const zone = h(
    'select',
    { id: 'setup-timezone' },
    timeZones(detected).map((z) => h('option', { value: z, selected: z === detected }, zoneOption(z))),
  );
  // Proposed from the browser's language (de-DE: Germany); the salon can say otherwise, or none.
  const country = countrySelect('setup-phone-country', business ? business.phoneCountry : browserCountry());
  const hours = weekEditor('open', business?.workingHours ?? NEW_SALON_HOURS, {
    lunch: true,
    picked: {
      legend: t('Opening hours'),
      dayLabel: t('Open on'),
      hint: t('A break (lunch, say) closes the salon then. The staff’s hours start as these, break included.'),
    },
  });
  const language = languageSelect();
  const submit = h('button', { type: 'submit', class: 'primary' }, business ? t('Save and continue') : t('Create the salon'));
  const form = stepForm(
    t('Your salon'),
    null,
    field(t('Salon name'), name),
    field(t('Language'), language, t('The salon’s language: this back office, the booking page and the clients’ e-mails speak it.')),
    field(
      t('Time zone'),
      zone,
      t('Detected from this device: {zone}. Appointments are in the salon’s time zone.', { zone: zoneWords(browserTimeZone()) }),
    ),
    field(
      t('Country of clients’ phone numbers'),
      country,
      t('A number without a country code is read as one of this country: 0170 1234567 then finds +49 170 1234567.'),
    ),
    hours.element,
    h('div', { class: 'actions' }, submit),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const week = hours.read();
    if (!name.value.trim()) return actions.refuse(t('Type the salon’s name.'));
    if (week.problem) return actions.refuse(week.problem);
    actions.saveSalon(submit, {
      name: name.value.trim(),
      timezone: zone.value,
      phoneCountry: country.value || null,
      workingHours: week.value,
      // A salon that already speaks the language keeps its setting (each visitor's own, say).
      locale: business && language.value === pageLanguage() ? null : localeFor(language.value, business),
    });
  });
  return form;
}
