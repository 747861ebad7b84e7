// Render: a client's fields, on the new one's page and their own: name, e-mail, phone and notes.

import { h } from '../../dom.js';
import { t } from '../../locale.js';
import { field, input, textOrNull } from '../../ui/fields.js';

/** `read()` gives them as the API takes them (null for an empty e-mail or phone). */
export function clientFields(client) {
  const name = input('client-name', { value: client?.name ?? '', required: true, maxlength: 200 });
  const email = input('client-email', { type: 'email', value: client?.email ?? '', maxlength: 254 });
  const phone = input('client-phone', { type: 'tel', value: client?.phone ?? '', maxlength: 50 });
  const notes = h('textarea', { id: 'client-notes', name: 'notes', rows: 3, maxlength: 2000, value: client?.notes ?? '' });
  const element = h(
    'div',
    { class: 'edit-fields' },
    field(t('Name'), name),
    h('div', { class: 'field-row' }, field(t('E-mail (optional)'), email), field(t('Phone (optional)'), phone)),
    field(t('Notes (optional)'), notes, t('For the salon only: allergies, preferences. Clients and connected programs do not see them.')),
  );
  const read = () => ({ name: name.value.trim(), email: textOrNull(email), phone: textOrNull(phone), notes: notes.value.trim() });
  return { element, read };
}
