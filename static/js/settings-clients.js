// Settings: what the salon decides for its clients' side: how long before a visit its reminder
// goes out, and until when clients may move or cancel a visit themselves (after that their page
// gives the salon's phone). Their e-mails and page are in the booking page's language.

import { api, businessPath } from './api.js';
import { h } from './dom.js';
import { field, formPanel, input, say, showProblems } from './forms.js';

/** Hours in a field, as the API's minutes: "24" → 1440, "1.5" → 90. */
function minutesOf(control, what) {
  const hours = Number(control.value.trim().replace(',', '.'));
  if (control.value.trim() === '' || !Number.isFinite(hours) || hours < 0 || hours > 168)
    return { problem: `${what} must be a number of hours from 0 to 168.` };
  return { value: Math.round(hours * 60) };
}

const hoursOf = (minutes) => String(Math.round((minutes / 60) * 100) / 100);

/** The "Clients' e-mails and their own changes" part of Settings. */
export function clientRulesSection(ctx) {
  const business = ctx.business;
  const lead = input('reminder-hours', {
    type: 'number',
    inputmode: 'decimal',
    min: 0,
    max: 168,
    step: 'any',
    value: hoursOf(business.reminderLeadMinutes),
  });
  const cutoff = input('cutoff-hours', {
    type: 'number',
    inputmode: 'decimal',
    min: 0,
    max: 168,
    step: 'any',
    value: hoursOf(business.cancelCutoffMinutes),
  });
  return formPanel(
    'client-rules',
    'Clients’ e-mails and their own changes',
    'When clients are reminded, and until when they can move or cancel a visit with the link in their e-mails. Their e-mails are in the booking page’s language (above).',
    h(
      'div',
      { class: 'edit-fields' },
      h(
        'div',
        { class: 'field-row' },
        field(
          'Reminder, hours before the visit',
          lead,
          '0: no reminders. One that would fall between 21:00 and 08:00 goes out at 20:00 the evening before. Applies to bookings made or moved from now on.',
        ),
        field('Clients can move or cancel online until, hours before the visit', cutoff, 'After that, their page gives the salon’s phone.'),
      ),
    ),
    'Save',
    async (messages) => {
      const leadMinutes = minutesOf(lead, 'The reminder');
      const cutoffMinutes = minutesOf(cutoff, 'The time clients can change a visit');
      if (showProblems(messages, [leadMinutes.problem, cutoffMinutes.problem].filter(Boolean))) return;
      const saved = await api(businessPath(business), {
        method: 'PATCH',
        body: { reminderLeadMinutes: leadMinutes.value, cancelCutoffMinutes: cutoffMinutes.value },
      });
      Object.assign(ctx.business, saved);
      const reminder =
        saved.reminderLeadMinutes === 0 ? 'no reminders' : `a reminder ${hoursOf(saved.reminderLeadMinutes)} hours before the visit`;
      say(
        messages,
        'good',
        `Saved: clients get ${reminder}, and can move or cancel online until ${hoursOf(saved.cancelCutoffMinutes)} hours before it.`,
      );
    },
  );
}
