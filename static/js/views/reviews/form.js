// Render: the form that enters a review a client gave: the visit (or none), the stars, a comment
// and the name shown with it. `onSave(button, messages, body)` saves it.

import { h, namedChoice } from '../../dom.js';
import { t, tn } from '../../locale.js';
import { salonDateTime } from '../../salon-time.js';
import { choice, field, input } from '../../ui/fields.js';
import { messageArea, showProblems } from '../../ui/notice.js';

const NO_VISIT = 'none';

function visitChoice(open) {
  return namedChoice(
    h(
      'select',
      { id: 'review-visit', name: 'visit' },
      open.map((b) =>
        h(
          'option',
          { value: String(b.id) },
          t('{time} · {client} · {service} with {staff}', {
            time: salonDateTime(b.startTime),
            client: b.client.name,
            service: b.serviceName,
            staff: b.staffName,
          }),
        ),
      ),
      h('option', { value: NO_VISIT }, t('Not about a particular visit')),
    ),
  );
}

const ratingChoice = () =>
  h(
    'fieldset',
    { class: 'rating-choice' },
    h('legend', null, t('Rating')),
    [5, 4, 3, 2, 1].map((n) =>
      choice(h('input', { type: 'radio', name: 'rating', id: `rating-${n}`, value: String(n) }), tn(n, '{count} star', '{count} stars')),
    ),
  );

/** `open`: the completed visits waiting for a review, newest first. */
export function reviewForm(open, onSave) {
  const visit = visitChoice(open);
  const comment = h('textarea', { id: 'review-comment', name: 'comment', rows: 3, maxlength: 5000 });
  const author = input('review-author', { maxlength: 200 });
  const messages = messageArea();
  const submit = h('button', { type: 'submit', class: 'primary' }, t('Save review'));
  const form = h(
    'form',
    { class: 'panel edit-form', id: 'review-form', novalidate: true, 'aria-labelledby': 'review-form-heading' },
    h('h3', { id: 'review-form-heading' }, t('Enter a review')),
    h(
      'p',
      { class: 'hint' },
      t('What a client said about a visit, on paper or by phone. Each visit gets one review. Connected programs are told about it.'),
    ),
    field(
      t('Visit'),
      visit,
      open.length
        ? t('Completed visits without a review, newest first.')
        : t('No completed visit is waiting for a review: mark a visit completed on its booking first.'),
    ),
    ratingChoice(),
    field(t('Comment (optional)'), comment),
    field(t('Name shown with it (optional)'), author, t('Leave empty for the client’s first name.')),
    messages,
    h('div', { class: 'actions' }, submit),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const rating = Number(form.elements.rating.value);
    if (showProblems(messages, rating ? [] : [t('Choose how many stars the client gave.')])) return;
    const body = { rating };
    if (visit.value !== NO_VISIT) body.bookingId = Number(visit.value);
    if (comment.value.trim()) body.comment = comment.value.trim();
    if (author.value.trim()) body.authorName = author.value.trim();
    onSave(submit, messages, body);
  });
  return { form, messages };
}
