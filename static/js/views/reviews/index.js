// Reviews (#reviews): the average, the reviews newest first (of everyone or one staff member),
// and entering one a client gave for a completed visit (or about the salon in general). The API
// keeps one review per visit. load → render, filled by the actions.

import { h, namedChoice } from '../../dom.js';
import { t } from '../../locale.js';
import { messageArea } from '../../ui/notice.js';
import { reviewsActions } from './actions.js';
import { viewPage } from '../../ui/pages.js';

function reviewsView(staff) {
  return {
    who: namedChoice(
      h(
        'select',
        { id: 'review-staff', name: 'staff' },
        h('option', { value: '' }, t('Everyone')),
        staff.map((m) => h('option', { value: String(m.id) }, m.name)),
      ),
    ),
    flash: messageArea(),
    summary: h('p', { class: 'summary', 'aria-live': 'polite' }),
    list: h('div', { class: 'cards' }),
    more: h('button', { type: 'button', hidden: true }, t('Show older reviews')),
    formSlot: h('div'),
  };
}

export async function renderReviews(ctx) {
  const view = reviewsView(await ctx.api.list('adminListStaff'));
  const actions = reviewsActions(ctx, view);
  view.who.addEventListener('change', actions.filter);
  view.more.addEventListener('click', () => actions.more(view.more));
  await Promise.all([actions.showList(), actions.showForm()]);
  return viewPage(
    { class: 'reviews', title: t('Reviews') },
    h('div', { class: 'filter' }, h('label', { for: 'review-staff' }, t('Reviews of')), view.who),
    view.summary,
    view.flash,
    view.list,
    view.more,
    view.formSlot,
  );
}
