// Render: the salon's forms, each a panel with its own save button and sentence area: name and
// contact with the time zone and currency, the opening hours, and the booking rules.

import { h } from '../../dom.js';
import { zoneOption, zoneWords } from '../../format.js';
import { t } from '../../locale.js';
import { timeZones } from '../../salon-time.js';
import { countrySelect } from '../../ui/country.js';
import { checkbox, field, formPanel, input, textOrNull, wholeNumber } from '../../ui/fields.js';
import { weekEditor } from '../../ui/week-editor.js';

const STEPS = [5, 10, 15, 20, 30, 60];

const optional = (id, type, value, maxlength, props = {}) => input(id, { type, value: value ?? '', maxlength, ...props });

export function detailsForm(business, actions) {
  const name = input('salon-name', { value: business.name, maxlength: 200 });
  const address = h('textarea', { id: 'salon-address', name: 'address', rows: 2, maxlength: 500, value: business.address ?? '' });
  const phone = optional('salon-phone', 'tel', business.phone, 50);
  const email = optional('salon-email', 'email', business.email, 254);
  const website = optional('salon-website', 'url', business.website, 2048, { placeholder: t('https://www.your-salon.com') });
  const zone = h(
    'select',
    { id: 'salon-timezone', name: 'timezone' },
    timeZones(business.timezone).map((z) => h('option', { value: z, selected: z === business.timezone }, zoneOption(z))),
  );
  const currency = input('salon-currency', { value: business.currency, maxlength: 3, autocapitalize: 'characters', spellcheck: 'false' });
  const country = countrySelect('salon-phone-country', business.phoneCountry);
  const fields = h(
    'div',
    { class: 'edit-fields' },
    field(t('Salon name'), name),
    field(t('Address (optional)'), address),
    h('div', { class: 'field-row' }, field(t('Phone (optional)'), phone), field(t('E-mail (optional)'), email)),
    field(t('Website (optional)'), website),
    field(
      t('Country of clients’ phone numbers'),
      country,
      t('A number without a country code is read as one of this country: 0170 1234567 then finds +49 170 1234567.'),
    ),
    h(
      'div',
      { class: 'field-row' },
      field(t('Time zone'), zone, t('Opening hours, staff hours and bookings are in this time zone.')),
      field(t('Currency'), currency, t('Three letters, such as EUR. New services get it; prices already set keep theirs.')),
    ),
  );
  const read = () => ({
    name: name.value.trim(),
    address: textOrNull(address),
    phone: textOrNull(phone),
    email: textOrNull(email),
    website: textOrNull(website),
    timezone: zone.value,
    currency: currency.value.trim().toUpperCase(),
    phoneCountry: country.value || null,
  });
  return formPanel(
    'salon-details',
    t('Salon and contact'),
    t('Shown to clients where the website shows the salon.'),
    fields,
    t('Save salon details'),
    (messages) => actions.saveDetails(messages, read()),
  );
}

export function hoursForm(business, actions) {
  // The setup's week (time pickers, a lunch break, a day copied), on the hours saved (issue 27).
  const week = weekEditor('opening', business.workingHours, {
    lunch: true,
    picked: {
      legend: t('Opening hours'),
      dayLabel: t('Open on'),
      hint: t('A break (lunch, say) closes the salon then.'),
      stored: true,
    },
  });
  return formPanel(
    'salon-hours',
    t('Opening hours'),
    t('The hours the salon is open, in {zone}. Clients can book a staff member only when both the salon and they are working.', {
      zone: zoneWords(business.timezone),
    }),
    week.element,
    t('Save opening hours'),
    (messages) => actions.saveHours(messages, week.read()),
  );
}

const whole = (id, value, min, max) => input(id, { type: 'number', inputmode: 'numeric', min, max, step: 1, value: String(value) });

function rulesFields(business) {
  const notice = whole('rule-notice', business.minNoticeMinutes, 0, 10080);
  const horizon = whole('rule-horizon', business.horizonDays, 1, 366);
  const step = h(
    'select',
    { id: 'rule-step', name: 'slotStepMinutes' },
    STEPS.map((n) => h('option', { value: String(n), selected: n === business.slotStepMinutes }, t('Every {n} minutes', { n }))),
  );
  const deskContact = checkbox(
    'rule-desk-contact',
    t('A client booked at the desk needs a phone number or an e-mail address'),
    business.deskContactRequired !== false,
  );
  const element = h(
    'div',
    { class: 'edit-fields' },
    h(
      'div',
      { class: 'field-row' },
      field(
        t('Minimum notice in minutes'),
        notice,
        t('How soon a client can book: 60 means no booking starts within the next hour. At most 10080 (a week).'),
      ),
      field(t('Days ahead clients can book'), horizon, t('From 1 to 366.')),
    ),
    field(t('Start times offered'), step),
    deskContact,
    h('p', { class: 'hint' }, t('Untick it to book a walk-in by name alone.')),
    h(
      'p',
      { class: 'hint' },
      t(
        'A time a client picks on the website is kept for them for a few minutes while they type their details; how long is set when the booking program is installed, the same for every salon on it.',
      ),
    ),
  );
  /** The rules as the API takes them, and the problems of the numbers typed. */
  const read = () => {
    const body = { slotStepMinutes: Number(step.value), deskContactRequired: deskContact.querySelector('input').checked };
    const numbers = [
      ['minNoticeMinutes', wholeNumber(notice, t('The minimum notice'), 0, 10080)],
      ['horizonDays', wholeNumber(horizon, t('The days ahead'), 1, 366)],
    ];
    for (const [key, n] of numbers) if (!n.problem) body[key] = n.value;
    return { body, problems: numbers.map(([, n]) => n.problem).filter(Boolean) };
  };
  return { element, read };
}

export function rulesForm(business, actions) {
  const rules = rulesFields(business);
  return formPanel(
    'booking-rules',
    t('Booking rules'),
    t(
      'How soon and how far ahead clients can book themselves, on the website or through a connected program. Here at the desk you can book any time from now on (a walk-in, say), up to the same number of days ahead.',
    ),
    rules.element,
    t('Save booking rules'),
    (messages) => actions.saveRules(messages, rules.read()),
  );
}
