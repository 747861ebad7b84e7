// Render: the first step, the salon: its name, time zone (detected), its clients' phone country (proposed) and opening hours.

import { h } from '../../dom.js';
import { browserTimeZone, timeZones } from '../../salon-time.js';
import { browserCountry, countrySelect } from '../../ui/country.js';
import { deskField as field } from '../../ui/fields.js';
import { weekEditor } from '../../ui/week-editor.js';
import { stepForm } from './step.js';

const OPEN = { start: '09:00', end: '18:00' };
/** A new salon's hours: Monday to Saturday 09:00–18:00. */
const NEW_SALON_HOURS = { mon: [OPEN], tue: [OPEN], wed: [OPEN], thu: [OPEN], fri: [OPEN], sat: [OPEN] };

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
    timeZones(detected).map((z) => h('option', { value: z, selected: z === detected }, z)),
  );
  // Proposed from the browser's language (de-DE: Germany); the salon can say otherwise, or none.
  const country = countrySelect('setup-phone-country', business ? business.phoneCountry : browserCountry());
  const hours = weekEditor('open', business?.workingHours ?? NEW_SALON_HOURS, {
    lunch: true,
    picked: {
      legend: 'Opening hours',
      dayLabel: 'Open on',
      hint: 'A break (lunch, say) closes the salon then. The staff’s hours start as these, break included.',
    },
  });
  const submit = h('button', { type: 'submit', class: 'primary' }, business ? 'Save and continue' : 'Create the salon');
  const form = stepForm(
    'Your salon',
    null,
    field('Salon name', name),
    field('Time zone', zone, `Detected from this device: ${browserTimeZone()}. Appointments are in the salon’s time zone.`),
    field(
      'Country of clients’ phone numbers',
      country,
      'A number without a country code is read as one of this country: 0170 1234567 then finds +49 170 1234567.',
    ),
    hours.element,
    h('div', { class: 'actions' }, submit),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const week = hours.read();
    if (!name.value.trim()) return actions.refuse('Type the salon’s name.');
    if (week.problem) return actions.refuse(week.problem);
    actions.saveSalon(submit, {
      name: name.value.trim(),
      timezone: zone.value,
      phoneCountry: country.value || null,
      workingHours: week.value,
    });
  });
  return form;
}
