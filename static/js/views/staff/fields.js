// Render: the fields of a staff member, on the new one's page and their own: name, title, e-mail
// and phone; the services they do; and how their hours are typed.

import { h } from '../../dom.js';
import { t } from '../../locale.js';
import { WEEKDAY_KEYS, weekdayName } from '../../salon-time.js';
import { checkbox, field, input, textOrNull } from '../../ui/fields.js';
import { rangesText } from '../../ui/week-editor.js';

/**
 * Whether the signed-in person changes the staff (the owner, or the access code): the front desk
 * reads them and enters their time off (docs/security.md's roles).
 */
export const mayChangeStaff = (ctx) => ctx.me?.role !== 'front_desk' && ctx.me?.role !== 'stylist';

/** The hint under a staff member's week (shown through t()). */
/** A new staff member's week: Monday to Friday 09:00–18:00 without a break. */
export const NEW_WEEK = Object.fromEntries(
  WEEKDAY_KEYS.map((day, i) => [day, { hours: i < 5 ? [{ start: '09:00', end: '18:00' }] : [], breaks: [] }]),
);

/** "Mon", "Tue"… ("Mo.", "Di."… in German): the short name of the i-th weekday, Monday first (1 Jan 2024 was one). */

/** "Mon 09:00–18:00 (break 13:00–13:30) · Tue …" */
export function weekText(schedule) {
  const days = WEEKDAY_KEYS.map((day, i) => [day, weekdayName(i, 'short')])
    .filter(([day]) => schedule[day]?.hours.length)
    .map(([day, name]) => {
      const { hours, breaks } = schedule[day];
      return breaks.length
        ? t('{day} {hours} (break {breaks})', { day: name, hours: rangesText(hours), breaks: rangesText(breaks) })
        : `${name} ${rangesText(hours)}`;
    });
  return days.length ? days.join(' · ') : t('No working hours yet');
}

/** Name, title, e-mail and phone; `read()` gives them as the API takes them (null for an empty one). */
export function detailFields(member) {
  const name = input('staff-name', { value: member?.name ?? '', required: true, maxlength: 200 });
  const title = input('staff-title', { value: member?.title ?? '', maxlength: 100, placeholder: t('e.g. Senior stylist') });
  const email = input('staff-email', { type: 'email', value: member?.email ?? '', maxlength: 254, autocomplete: 'off' });
  const phone = input('staff-phone', { type: 'tel', value: member?.phone ?? '', maxlength: 50 });
  const element = h(
    'div',
    { class: 'edit-fields' },
    field(t('Name'), name),
    field(t('Title (optional)'), title, t('Shown to clients next to the name.')),
    h('div', { class: 'field-row' }, field(t('E-mail (optional)'), email), field(t('Phone (optional)'), phone)),
  );
  const read = () => ({ name: name.value.trim(), title: textOrNull(title), email: textOrNull(email), phone: textOrNull(phone) });
  return { element, read };
}

/** A checkbox per service; `read()` gives the ids ticked. */
export function serviceChoice(services, chosen) {
  const element = h(
    'fieldset',
    { class: 'choice-list' },
    h('legend', null, t('Services they do')),
    services.length === 0
      ? h('p', { class: 'empty' }, t('No services yet: add them under Services first.'))
      : services.map((s) =>
          checkbox(`staff-service-${s.id}`, s.active ? s.name : t('{name} (switched off)', { name: s.name }), chosen.includes(s.id), {
            value: String(s.id),
          }),
        ),
  );
  const read = () => [...element.querySelectorAll('input:checked')].map((box) => Number(box.value));
  return { element, read };
}
