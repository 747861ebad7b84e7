// Render: the form that enters a review a client gave: the visit (or none), the stars, a comment
// and the name shown with it. `onSave(body)` saves it (a failure it throws is said on the form).

import { h, namedChoice } from '../../dom.js';
import { t, tn } from '../../locale.js';
import { salonDateTime } from '../../salon-time.js';
import { choice, field, formPanel, input } from '../../ui/fields.js';
import { messageArea } from '../../ui/notice.js';

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
  const rating = () => Number(form.elements.rating.value);
  const form = formPanel(
    'review-form',
    t('Enter a review'),
    t('What a client said about a visit, on paper or by phone. Each visit gets one review. Connected programs are told about it.'),
    [
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
    ],
    t('Save review'),
    () => {
      const body = { rating: rating() };
      if (visit.value !== NO_VISIT) body.bookingId = Number(visit.value);
      if (comment.value.trim()) body.comment = comment.value.trim();
      if (author.value.trim()) body.authorName = author.value.trim();
      return onSave(body);
    },
    { messages, problems: () => [rating() ? null : t('Choose how many stars the client gave.')] },
  );
  return { form, messages };
}
