// Salon settings (#settings): name and contact, time zone, opening hours, closures, the booking
// rules and the booking page. Each part is its own form with its own save button and sentence.

import { api, businessPath } from './api.js';
import { backupSettings } from './backups.js';
import { bookingPagePart } from './booking-page-settings.js';
import { busy, confirmAction, errorNotice, h, isolate, notice } from './dom.js';
import { field, formPanel, input, overlapNotice, periodText, say, showProblems, textOrNull, weekEditor, wholeNumber } from './forms.js';
import { reachabilityPart } from './reachability.js';
import { timeZones, todayIn } from './salon-time.js';

const STEPS = [5, 10, 15, 20, 30, 60];

function closuresPart(ctx) {
  const url = `${businessPath(ctx.business)}/closures`;
  const zone = ctx.business.timezone;
  const list = h('ul', { class: 'list-plain closure-list' });
  const listMessages = h('div', { class: 'message-area' });
  const messages = h('div', { class: 'message-area' });
  const today = todayIn(zone);
  const first = input('closure-first', { type: 'date', value: today });
  const last = input('closure-last', { type: 'date', value: today });
  const note = input('closure-note', { maxlength: 500, placeholder: 'e.g. Christmas, renovation' });
  const heading = h('h3', { id: 'closure-form-heading' }, 'Close the salon');
  const submit = h('button', { type: 'submit', class: 'primary' }, 'Add closure');
  const cancel = h('button', { type: 'button', hidden: true }, 'Cancel change');
  let editing = null;

  const stopEditing = () => {
    editing = null;
    heading.textContent = 'Close the salon';
    submit.textContent = 'Add closure';
    cancel.hidden = true;
    note.value = '';
  };
  cancel.addEventListener('click', () => {
    stopEditing();
    messages.replaceChildren();
  });
  const startEditing = (closure) => {
    editing = closure;
    first.value = closure.startDate;
    last.value = closure.endDate;
    note.value = closure.note ?? '';
    heading.textContent = `Change closure: ${periodText(closure)}`;
    submit.textContent = 'Save closure';
    cancel.hidden = false;
    messages.replaceChildren();
    form.scrollIntoView({ block: 'start' });
    first.focus({ preventScroll: true });
  };

  const load = async () => {
    const closures = (await api(url)).data;
    list.replaceChildren(
      ...(closures.length === 0
        ? [h('li', { class: 'empty' }, 'No closed days planned.')]
        : closures.map((closure) => {
            const remove = h('button', { type: 'button', class: 'danger' }, 'Remove');
            remove.addEventListener('click', async () => {
              const sure = await confirmAction({
                title: 'Open the salon on these days again?',
                text: `Clients can book ${periodText(closure)} again, within the opening hours and each staff member’s hours.`,
                confirmLabel: 'Remove closure',
                danger: true,
              });
              if (!sure) return;
              await busy(remove, 'Removing…', async () => {
                try {
                  await api(`${url}/${closure.id}`, { method: 'DELETE' });
                  if (editing?.id === closure.id) stopEditing();
                  say(listMessages, 'good', `Removed the closure ${periodText(closure)}: clients can book then again.`);
                  await load();
                } catch (error) {
                  listMessages.replaceChildren(errorNotice(error));
                }
              });
            });
            return h(
              'li',
              { class: 'row-item', 'data-closure-id': closure.id },
              h('span', { class: 'what' }, h('strong', null, periodText(closure)), closure.note ? [' · ', isolate(closure.note)] : null),
              h('span', { class: 'actions' }, h('button', { type: 'button', onclick: () => startEditing(closure) }, 'Change'), remove),
            );
          })),
    );
  };

  const form = h(
    'form',
    { class: 'panel edit-form', id: 'closure-form', novalidate: true, 'aria-labelledby': 'closure-form-heading' },
    heading,
    h('div', { class: 'field-row' }, field('First closed day', first), field('Last closed day', last)),
    field('Note (optional)', note),
    messages,
    h('div', { class: 'actions' }, submit, cancel),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const body = { startDate: first.value, endDate: last.value || first.value, note: note.value.trim() };
    const problems = [];
    if (!body.startDate) problems.push('Choose the first closed day.');
    else if (body.endDate < body.startDate) problems.push('The last closed day is before the first.');
    if (showProblems(messages, problems)) return;
    busy(submit, 'Saving…', async () => {
      try {
        const saved = await api(editing ? `${url}/${editing.id}` : url, { method: editing ? 'PATCH' : 'POST', body });
        messages.replaceChildren(
          notice('good', `${editing ? 'Changed the closure' : 'The salon is closed'}: ${periodText(saved)}. Nobody can book then.`),
          ...[overlapNotice(saved.overlappingBookings, 'It')].filter(Boolean),
        );
        stopEditing();
        await load();
      } catch (error) {
        messages.replaceChildren(errorNotice(error));
      }
    });
  });

  const element = h(
    'section',
    { class: 'closures', 'aria-labelledby': 'closures-heading' },
    h(
      'div',
      { class: 'panel' },
      h('h3', { id: 'closures-heading' }, 'Closed days'),
      h('p', { class: 'hint' }, 'Public holidays, the salon’s own holidays: nobody can book on them. Bookings already made stay booked.'),
      listMessages,
      list,
    ),
    form,
  );
  return { element, load };
}

/** #settings */
export async function renderSettings(ctx) {
  const url = businessPath(ctx.business);
  let business = await api(url);
  /** Keeps the page's copy of the salon (and the header) up to date after a save. */
  const saved = (answer) => {
    business = answer;
    Object.assign(ctx.business, answer);
    const header = document.getElementById('business-name');
    if (header?.textContent) {
      header.textContent = answer.name;
      header.title = answer.name;
    }
  };
  const changedOf = (body) => Object.fromEntries(Object.entries(body).filter(([key, value]) => value !== (business[key] ?? null)));

  const name = input('salon-name', { value: business.name, maxlength: 200 });
  const address = h('textarea', { id: 'salon-address', name: 'address', rows: 2, maxlength: 500, value: business.address ?? '' });
  const phone = input('salon-phone', { type: 'tel', value: business.phone ?? '', maxlength: 50 });
  const email = input('salon-email', { type: 'email', value: business.email ?? '', maxlength: 254 });
  const website = input('salon-website', {
    type: 'url',
    value: business.website ?? '',
    maxlength: 2048,
    placeholder: 'https://www.mysalon.com',
  });
  const zone = h(
    'select',
    { id: 'salon-timezone', name: 'timezone' },
    timeZones(business.timezone).map((z) => h('option', { value: z, selected: z === business.timezone }, z.replaceAll('_', ' '))),
  );
  const currency = input('salon-currency', { value: business.currency, maxlength: 3, autocapitalize: 'characters', spellcheck: 'false' });

  const details = formPanel(
    'salon-details',
    'Salon and contact',
    'Shown to clients where the website shows the salon.',
    h(
      'div',
      { class: 'edit-fields' },
      field('Salon name', name),
      field('Address (optional)', address),
      h('div', { class: 'field-row' }, field('Phone (optional)', phone), field('E-mail (optional)', email)),
      field('Website (optional)', website),
      h(
        'div',
        { class: 'field-row' },
        field('Time zone', zone, 'Opening hours, staff hours and bookings are in this time zone.'),
        field('Currency', currency, 'Three letters, such as EUR. New services get it; prices already set keep theirs.'),
      ),
    ),
    'Save salon details',
    async (messages) => {
      const body = {
        name: name.value.trim(),
        address: textOrNull(address),
        phone: textOrNull(phone),
        email: textOrNull(email),
        website: textOrNull(website),
        timezone: zone.value,
        currency: currency.value.trim().toUpperCase(),
      };
      if (showProblems(messages, body.name ? [] : ['Give the salon a name.'])) return;
      const changed = changedOf(body);
      if (Object.keys(changed).length === 0) return say(messages, 'good', 'Nothing to save: no field was changed.');
      saved(await api(url, { method: 'PATCH', body: changed }));
      say(
        messages,
        'good',
        changed.timezone
          ? `Saved. The salon’s times are now in ${business.timezone}: check the opening hours and the staff’s hours.`
          : ['Saved the details of ', isolate(business.name), '.'],
      );
    },
  );

  const week = weekEditor('opening', business.workingHours);
  const hours = formPanel(
    'salon-hours',
    'Opening hours',
    `The hours the salon is open, in ${business.timezone}: times as 09:00–18:00, several separated by commas; leave a day empty when it is closed. Clients can book a staff member only when both the salon and they are working.`,
    week.element,
    'Save opening hours',
    async (messages) => {
      const read = week.read();
      if (showProblems(messages, read.problem ? [read.problem] : [])) return;
      saved(await api(url, { method: 'PATCH', body: { workingHours: read.value } }));
      const open = Object.values(business.workingHours).filter((ranges) => ranges.length).length;
      say(messages, 'good', `Saved the opening hours: open ${open} day${open === 1 ? '' : 's'} a week.`);
    },
  );

  const notice_ = input('rule-notice', {
    type: 'number',
    inputmode: 'numeric',
    min: 0,
    max: 10080,
    step: 1,
    value: String(business.minNoticeMinutes),
  });
  const horizon = input('rule-horizon', {
    type: 'number',
    inputmode: 'numeric',
    min: 1,
    max: 366,
    step: 1,
    value: String(business.horizonDays),
  });
  const step = h(
    'select',
    { id: 'rule-step', name: 'slotStepMinutes' },
    STEPS.map((n) => h('option', { value: String(n), selected: n === business.slotStepMinutes }, `Every ${n} minutes`)),
  );
  const rules = formPanel(
    'booking-rules',
    'Booking rules',
    'How soon and how far ahead clients can book themselves, on the website or through a connected program. Here at the desk you can book any time from now on (a walk-in, say), up to the same number of days ahead.',
    h(
      'div',
      { class: 'edit-fields' },
      h(
        'div',
        { class: 'field-row' },
        field(
          'Minimum notice in minutes',
          notice_,
          'How soon a client can book: 60 means no booking starts within the next hour. At most 10080 (a week).',
        ),
        field('Days ahead clients can book', horizon, 'From 1 to 366.'),
      ),
      field('Start times offered', step),
      h(
        'p',
        { class: 'hint' },
        'A time a client picks on the website is kept for them for a few minutes while they type their details; how long is a setting of the server (BOOKING_HOLD_MINUTES), the same for every salon on it.',
      ),
    ),
    'Save booking rules',
    async (messages) => {
      const problems = [];
      const body = { slotStepMinutes: Number(step.value) };
      const n = wholeNumber(notice_, 'The minimum notice', 0, 10080);
      const d = wholeNumber(horizon, 'The days ahead', 1, 366);
      for (const [key, r] of [
        ['minNoticeMinutes', n],
        ['horizonDays', d],
      ]) {
        if (r.problem) problems.push(r.problem);
        else body[key] = r.value;
      }
      if (showProblems(messages, problems)) return;
      const changed = changedOf(body);
      if (Object.keys(changed).length === 0) return say(messages, 'good', 'Nothing to save: no rule was changed.');
      saved(await api(url, { method: 'PATCH', body: changed }));
      say(
        messages,
        'good',
        `Saved: clients can book from ${business.minNoticeMinutes} minutes ahead up to ${business.horizonDays} days ahead, at a start every ${business.slotStepMinutes} minutes.`,
      );
    },
  );

  const closures = closuresPart(ctx);
  const reachability = reachabilityPart();
  const backups = backupSettings();
  await Promise.all([closures.load(), reachability.load(), backups.load()]);

  return h(
    'div',
    { class: 'settings' },
    h('div', { class: 'view-head' }, h('h2', null, 'Salon settings')),
    details,
    hours,
    closures.element,
    rules,
    await bookingPagePart(ctx),
    reachability.element,
    backups.element,
    setupAgain(),
  );
}

/** The way back to the first-run setup once it is done. */
function setupAgain() {
  return h(
    'section',
    { class: 'card', 'aria-labelledby': 'setup-again-title' },
    h('h3', { id: 'setup-again-title' }, 'Setup steps'),
    h(
      'p',
      null,
      'The steps of the first setup stay here to look over: the salon, its services, its staff, and the booking page for your website.',
    ),
    h('div', { class: 'actions' }, h('a', { class: 'button', href: '#setup/widget' }, 'Open the setup steps')),
  );
}
