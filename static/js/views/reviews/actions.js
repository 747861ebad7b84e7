// Actions: show the reviews of whoever is chosen (the first page, and older ones on request),
// offer the form, and save a review: the list and the form are drawn again, and the form says so.

import { isolate, phrase } from '../../dom.js';
import { tn } from '../../locale.js';
import { say, sayError } from '../../ui/notice.js';
import { pagedList } from '../../ui/pages.js';
import { reviewCard, summaryWords } from './cards.js';
import { reviewForm } from './form.js';
import { loadOpenVisits, loadReviews, PAGE_SIZE } from './load.js';

/** `view`: the parts of the page (render in index.js) these fill: who, summary, list, more, flash, formSlot. */
export function reviewsActions(ctx, view) {
  const chosen = () => (view.who.value ? view.who.selectedOptions[0].textContent : null);
  const pages = pagedList({
    load: (n) => loadReviews(ctx.api, view.who.value, n),
    list: view.list,
    item: reviewCard,
    moreButton: view.more,
    flash: view.flash,
    size: PAGE_SIZE,
  });
  const showList = async () => view.summary.replaceChildren(...summaryWords(await pages.first(), chosen()));
  const save = async (body) => {
    const saved = await ctx.api.call('adminCreateReview', { body });
    const form = await Promise.all([showList(), showForm()]).then(([, shown]) => shown);
    const sentence = tn(
      saved.rating,
      'Saved {count} star from {name}. Connected programs are told about it.',
      'Saved {count} stars from {name}. Connected programs are told about it.',
    );
    say(form.messages, 'good', phrase(sentence, { name: isolate(saved.authorName) }));
  };
  const showForm = async () => {
    const form = reviewForm(await loadOpenVisits(ctx.api), save);
    view.formSlot.replaceChildren(form.form);
    return form;
  };
  return {
    showList,
    showForm,
    filter: () => showList().catch((error) => sayError(view.flash, error)),
    more: pages.more,
  };
}
