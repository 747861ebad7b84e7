// Render: the reviews, each a card with its stars, and the sentence over them: the average.

import { h, isolate } from '../../dom.js';
import { dateTime, plural } from '../../format.js';
import { itemCard } from '../../ui/pages.js';

/** "★★★★☆", read out as "4 out of 5 stars". */
function stars(rating) {
  return h('span', { class: 'stars', role: 'img', 'aria-label': `${rating} out of 5 stars` }, '★'.repeat(rating) + '☆'.repeat(5 - rating));
}

export function reviewCard(review) {
  const about = [
    review.serviceName ? isolate(review.serviceName) : null,
    review.staffName ? [review.serviceName ? ' with ' : 'with ', isolate(review.staffName)] : null,
  ].filter(Boolean);
  return itemCard(
    { class: 'card review', 'data-review-id': review.id },
    isolate(review.authorName),
    stars(review.rating),
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

/** "4.5 out of 5 on average, from 2 reviews for Anna." (`name`: the staff member chosen, or null). */
export function summaryWords({ total, averageRating }, name) {
  if (total === 0) return name ? ['No reviews for ', isolate(name), ' yet.'] : ['No reviews yet.'];
  return [
    `${averageRating.toFixed(1)} out of 5 on average, from ${plural(total, 'review', 'reviews')}`,
    ...(name ? [' for ', isolate(name)] : []),
    '.',
  ];
}
