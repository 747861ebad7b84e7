// Settings: what the salon decides for its clients' side: the language of their e-mails and of
// their page, how long before a visit its reminder goes out, and until when clients may move or
// cancel a visit themselves (after that their page gives the salon's phone).

import { api, businessPath } from './api.js';
import { h } from './dom.js';
import { field, formPanel, input, say, showProblems } from './forms.js';

const LOCALES = [
  ['en-GB', 'English (United Kingdom)'],
  ['en-US', 'English (United States)'],
  ['de-DE', 'Deutsch (Deutschland)'],
  ['de-AT', 'Deutsch (Österreich)'],
  ['de-CH', 'Deutsch (Schweiz)'],
];

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
  const locale = h(
    'select',
    { id: 'client-locale', name: 'client-locale' },
    LOCALES.map(([value, label]) => h('option', { value, selected: value === business.locale }, label)),
  );
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
    'What clients read, when they are reminded, and until when they can move or cancel a visit with the link in their e-mails.',
    h(
      'div',
      { class: 'edit-fields' },
      field('Language for clients', locale, 'Their e-mails and their page, with dates and times written this way.'),
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
        body: { locale: locale.value, reminderLeadMinutes: leadMinutes.value, cancelCutoffMinutes: cutoffMinutes.value },
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
