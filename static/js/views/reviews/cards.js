// Render: the reviews, each a card with its stars, and the sentence over them: the average.

import { h, isolate, phrase } from '../../dom.js';
import { dateTime } from '../../format.js';
import { intl, t, tn } from '../../locale.js';
import { itemCard } from '../../ui/pages.js';

/** "★★★★☆", read out as "4 out of 5 stars". */
function stars(rating) {
  return h(
    'span',
    { class: 'stars', role: 'img', 'aria-label': t('{rating} out of 5 stars', { rating }) },
    '★'.repeat(rating) + '☆'.repeat(5 - rating),
  );
}

export function reviewCard(review) {
  const [service, staff] = [review.serviceName, review.staffName].map((name) => name && isolate(name));
  const about =
    service && staff
      ? phrase(t('{service} with {staff}'), { service, staff })
      : staff
        ? phrase(t('with {staff}'), { staff })
        : [service].filter(Boolean);
  return itemCard(
    { class: 'card review', 'data-review-id': review.id },
    isolate(review.authorName),
    stars(review.rating),
    review.comment ? h('p', { class: 'comment', dir: 'auto' }, review.comment) : h('p', { class: 'empty' }, t('No comment, only stars.')),
    h(
      'p',
      { class: 'hint' },
      about.length ? [about, ' · '] : null,
      review.bookingId ? h('a', { href: `#bookings/${review.bookingId}` }, t('the visit')) : t('not about a particular visit'),
      ' · ',
      t('entered {time}', { time: dateTime(review.createdAt) }),
    ),
  );
}

/** "4.5 out of 5 on average, from 2 reviews for Anna." (`name`: the staff member chosen, or null). */
export function summaryWords({ total, averageRating }, name) {
  if (total === 0) return name ? phrase(t('No reviews for {name} yet.'), { name: isolate(name) }) : [t('No reviews yet.')];
  const average = intl(Intl.NumberFormat, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(averageRating);
  if (!name)
    return [
      tn(total, '{average} out of 5 on average, from {count} review.', '{average} out of 5 on average, from {count} reviews.', { average }),
    ];
  const sentence = tn(
    total,
    '{average} out of 5 on average, from {count} review for {name}.',
    '{average} out of 5 on average, from {count} reviews for {name}.',
    { average },
  );
  return phrase(sentence, { name: isolate(name) });
}
