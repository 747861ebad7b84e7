// Reviews (#reviews): the average, the reviews newest first, and entering one a client gave for a
// completed visit (or about the salon in general). The API keeps one review per visit.

import { api, businessPath } from './api.js';
import { busy, errorNotice, h, isolate, namedChoice, notice } from './dom.js';
import { dateTime, plural } from './format.js';
import { field, input, salonDateTime, showProblems } from './forms.js';

const PAGE_SIZE = 20;
const VISITS = 100;
const NO_VISIT = 'none';

/** "★★★★☆", read out as "4 out of 5 stars". */
function stars(rating) {
  return h('span', { class: 'stars', role: 'img', 'aria-label': `${rating} out of 5 stars` }, '★'.repeat(rating) + '☆'.repeat(5 - rating));
}

function reviewCard(review) {
  const about = [
    review.serviceName ? isolate(review.serviceName) : null,
    review.staffName ? [review.serviceName ? ' with ' : 'with ', isolate(review.staffName)] : null,
  ].filter(Boolean);
  return h(
    'article',
    { class: 'card review', 'data-review-id': review.id },
    h('header', null, h('h3', null, isolate(review.authorName)), stars(review.rating)),
    review.comment ? h('p', { class: 'comment', dir: 'auto' }, review.comment) : h('p', { class: 'empty' }, 'No comment, only stars.'),
    h(
      'p',
      { class: 'hint' },
      about.length ? [about, ' · '] : null,
      review.bookingId ? h('a', { href: `#bookings/${review.bookingId}` }, 'the visit') : 'not about a particular visit',
      ` · entered ${dateTime(review.createdAt)}`,
    ),
  );
}

/** The latest completed visits, newest first (bookings are listed by start time, oldest first). */
async function completedVisits(base) {
  const query = (page) => `${base}/bookings?status=completed&limit=${VISITS}&page=${page}`;
  let answer = await api(query(1));
  if (answer.total > VISITS) answer = await api(query(Math.ceil(answer.total / VISITS)));
  return [...answer.data].sort((a, b) => Date.parse(b.startTime) - Date.parse(a.startTime));
}

function reviewForm(base, visits, reviewedIds, onSaved) {
  const open = visits.filter((b) => !reviewedIds.has(b.id));
  const visit = namedChoice(
    h(
      'select',
      { id: 'review-visit', name: 'visit' },
      open.map((b) =>
        h('option', { value: String(b.id) }, `${salonDateTime(b.startTime)} · ${b.client.name} · ${b.serviceName} with ${b.staffName}`),
      ),
      h('option', { value: NO_VISIT }, 'Not about a particular visit'),
    ),
  );
  const ratings = h(
    'fieldset',
    { class: 'rating-choice' },
    h('legend', null, 'Rating'),
    [5, 4, 3, 2, 1].map((n) =>
      h(
        'div',
        { class: 'choice' },
        h('input', { type: 'radio', name: 'rating', id: `rating-${n}`, value: String(n) }),
        h('label', { for: `rating-${n}` }, plural(n, 'star', 'stars')),
      ),
    ),
  );
  const comment = h('textarea', { id: 'review-comment', name: 'comment', rows: 3, maxlength: 5000 });
  const author = input('review-author', { maxlength: 200 });
  const messages = h('div', { class: 'message-area' });
  const submit = h('button', { type: 'submit', class: 'primary' }, 'Save review');
  const form = h(
    'form',
    { class: 'panel edit-form', id: 'review-form', novalidate: true, 'aria-labelledby': 'review-form-heading' },
    h('h3', { id: 'review-form-heading' }, 'Enter a review'),
    h(
      'p',
      { class: 'hint' },
      'What a client said about a visit, on paper or by phone. Each visit gets one review. Connected programs are told about it.',
    ),
    field(
      'Visit',
      visit,
      open.length
        ? 'Completed visits without a review, newest first.'
        : 'No completed visit is waiting for a review: mark a visit completed on its booking first.',
    ),
    ratings,
    field('Comment (optional)', comment),
    field('Name shown with it (optional)', author, 'Leave empty for the client’s first name.'),
    messages,
    h('div', { class: 'actions' }, submit),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const rating = Number(form.elements.rating.value);
    if (showProblems(messages, rating ? [] : ['Choose how many stars the client gave.'])) return;
    const body = { rating };
    if (visit.value !== NO_VISIT) body.bookingId = Number(visit.value);
    if (comment.value.trim()) body.comment = comment.value.trim();
    if (author.value.trim()) body.authorName = author.value.trim();
    busy(submit, 'Saving…', async () => {
      try {
        const saved = await api(`${base}/reviews`, { method: 'POST', body });
        await onSaved(
          notice('good', [
            `Saved ${plural(saved.rating, 'star', 'stars')} from `,
            isolate(saved.authorName),
            '. Connected programs are told about it.',
          ]),
        );
      } catch (error) {
        messages.replaceChildren(errorNotice(error));
      }
    });
  });
  return form;
}

/** #reviews */
export async function renderReviews(ctx) {
  const base = businessPath(ctx.business);
  const flash = h('div', { class: 'message-area' });
  const summary = h('p', { class: 'summary', 'aria-live': 'polite' });
  const list = h('div', { class: 'cards' });
  const more = h('button', { type: 'button', hidden: true }, 'Show older reviews');
  const formSlot = h('div');
  const staff = (await api(`${base}/staff`)).data;
  const who = namedChoice(
    h(
      'select',
      { id: 'review-staff', name: 'staff' },
      h('option', { value: '' }, 'Everyone'),
      staff.map((m) => h('option', { value: String(m.id) }, m.name)),
    ),
  );
  let page = 1;
  const listUrl = (size, n) => `${base}/reviews?limit=${size}&page=${n}${who.value ? `&staffId=${who.value}` : ''}`;

  /** The reviews (of the chosen staff member), newest first, and their average. */
  const loadList = async () => {
    const answer = await api(listUrl(PAGE_SIZE, 1));
    const name = who.value ? who.selectedOptions[0].textContent : null;
    page = 1;
    summary.replaceChildren(
      ...(answer.total === 0
        ? name
          ? ['No reviews for ', isolate(name), ' yet.']
          : ['No reviews yet.']
        : [
            `${answer.averageRating.toFixed(1)} out of 5 on average, from ${plural(answer.total, 'review', 'reviews')}`,
            ...(name ? [' for ', isolate(name)] : []),
            '.',
          ]),
    );
    list.replaceChildren(...answer.data.map(reviewCard));
    more.hidden = answer.total <= PAGE_SIZE;
  };
  /** The form, offering the completed visits without a review among the latest 100. */
  const loadForm = async () => {
    const [latest, visits] = await Promise.all([api(`${base}/reviews?limit=100&page=1`), completedVisits(base)]);
    // An older reviewed visit offered here gets the API's "already has a review".
    const reviewedIds = new Set(latest.data.map((r) => r.bookingId).filter(Boolean));
    formSlot.replaceChildren(
      reviewForm(base, visits, reviewedIds, async (saved) => {
        await Promise.all([loadList(), loadForm()]);
        formSlot.querySelector('.message-area').replaceChildren(saved);
      }),
    );
  };
  who.addEventListener('change', () => loadList().catch((error) => flash.replaceChildren(errorNotice(error))));
  more.addEventListener('click', () =>
    busy(more, 'Loading…', async () => {
      try {
        const answer = await api(listUrl(PAGE_SIZE, page + 1));
        page += 1;
        list.append(...answer.data.map(reviewCard));
        more.hidden = page * PAGE_SIZE >= answer.total;
      } catch (error) {
        flash.replaceChildren(errorNotice(error));
      }
    }),
  );
  await Promise.all([loadList(), loadForm()]);

  return h(
    'div',
    { class: 'reviews' },
    h('div', { class: 'view-head' }, h('h2', null, 'Reviews')),
    h('div', { class: 'filter' }, h('label', { for: 'review-staff' }, 'Reviews of'), who),
    summary,
    flash,
    list,
    more,
    formSlot,
  );
}
