// Render: what the salon decides for its clients' side: how long before a visit its reminder goes
// out, and until when clients may move or cancel a visit themselves (after that their page gives
// the salon's phone). Their e-mails and page are in the booking page's language.

import { h } from '../../dom.js';
import { t } from '../../locale.js';
import { field, formPanel, input } from '../../ui/fields.js';

/** Hours in a field, as the API's minutes: "24" → 1440, "1.5" → 90; or a sentence saying what is wrong. */
function minutesOf(control, what) {
  const text = control.value.trim();
  const hours = Number(text.replace(',', '.'));
  if (text === '' || !Number.isFinite(hours) || hours < 0 || hours > 168)
    return { problem: t('{what} must be a number of hours from 0 to 168.', { what }) };
  return { value: Math.round(hours * 60) };
}

/** Minutes as hours, at most two decimals: 90 → "1.5". */
const hoursOf = (minutes) => String(Math.round((minutes / 60) * 100) / 100);

const hoursField = (id, minutes) =>
  input(id, { type: 'number', inputmode: 'decimal', min: 0, max: 168, step: 'any', value: hoursOf(minutes) });

/** The "Clients’ e-mails and their own changes" form of Settings. */
export function clientRulesForm(business, actions) {
  const lead = hoursField('reminder-hours', business.reminderLeadMinutes);
  const cutoff = hoursField('cutoff-hours', business.cancelCutoffMinutes);
  const fields = h(
    'div',
    { class: 'edit-fields' },
    h(
      'div',
      { class: 'field-row' },
      field(
        t('Reminder, hours before the visit'),
        lead,
        t(
          '0: no reminders. One that would fall between 21:00 and 08:00 goes out at 20:00 the evening before. Applies to bookings made or moved from now on.',
        ),
      ),
      field(
        t('Clients can move or cancel online until, hours before the visit'),
        cutoff,
        t('After that, their page gives the salon’s phone.'),
      ),
    ),
  );
  const read = () => {
    const numbers = [
      ['reminderLeadMinutes', minutesOf(lead, t('The reminder'))],
      ['cancelCutoffMinutes', minutesOf(cutoff, t('The time clients can change a visit'))],
    ];
    const body = Object.fromEntries(numbers.filter(([, n]) => !n.problem).map(([key, n]) => [key, n.value]));
    return { body, problems: numbers.map(([, n]) => n.problem).filter(Boolean) };
  };
  return formPanel(
    'client-rules',
    t('Clients’ e-mails and their own changes'),
    t(
      'When clients are reminded, and until when they can move or cancel a visit with the link in their e-mails. Their e-mails are in the booking page’s language (above).',
    ),
    fields,
    t('Save'),
    (messages) => actions.saveClientRules(messages, read()),
  );
}
