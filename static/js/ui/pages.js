// The frames the views share: a view's page (its heading, with a button or a badge beside it, an
// intro and what follows), the page of one thing or a new one (the way back to the list first),
// a card of one thing in a list, a part of a page named by its heading, and a row of a list.

import { h } from '../dom.js';
import { t } from '../locale.js';
import { notice, perform } from './notice.js';

/** A view's heading: the title, and beside it a badge, a button or the calendar's controls. */
export const viewHead = (title, ...beside) => h('div', { class: 'view-head' }, h('h2', null, title), ...beside);

/** A view's page: `props` of its element (`tag`, a <div> or a <section>), its heading, an optional intro and what follows. */
export function viewPage({ tag = 'div', title, beside = null, intro = null, ...props }, ...content) {
  return h(tag, props, viewHead(title, beside), intro ? h('p', { class: 'intro' }, intro) : null, ...content);
}

/** `props` of the page ({ class, 'data-staff-id' }); `back` the way to the list: ['#staff', '← All staff']. */
export function itemPage(props, [href, label], heading, ...content) {
  return h('div', props, h('p', { class: 'back' }, h('a', { href }, label)), heading, ...content);
}

/** A card of one thing in a list: `props` ({ class, data-… }), its title and badge (or stars), and what follows. */
export function itemCard(props, title, badge, ...content) {
  return h('article', props, h('header', null, h('h3', null, title), badge), ...content);
}

/** The cards of `items` (`card(item)` each), or the sentence for none. */
export const cardsOf = (items, card, none) =>
  items.length ? h('div', { class: 'cards' }, items.map(card)) : h('p', { class: 'empty' }, none);

/**
 * A part of a page named by its heading (an <h3>): `props` of the <section> ({ class: 'card …' }),
 * `titleId` the heading's id, which names the section for screen readers, and what follows.
 */
export function titledSection({ titleId, title, ...props }, ...content) {
  return h('section', { ...props, 'aria-labelledby': titleId }, h('h3', { id: titleId }, title), ...content);
}

/**
 * A row of a plain list (li.row-item): `props` of the <li> ({ class, 'data-…-id' }), what the row
 * is (its name first) and what follows it, its buttons.
 */
export function rowItem({ class: className, ...props }, what, ...after) {
  return h('li', { class: `row-item ${className}`, ...props }, h('div', { class: 'what' }, ...what), ...after);
}

/** The rows of `items` (`row(item)` each) in a <ul> of `props`, or the sentence for none. */
export const rowsOf = (props, items, row, none) => (items.length ? h('ul', props, items.map(row)) : h('p', null, none));

/**
 * An item's page that only some may use (a new service, a new staff member): `content()` for
 * them, and for anyone else the same page with `refusal` (a sentence) in its place.
 */
export async function pageFor({ back, title, ...props }, allowed, refusal, content) {
  return itemPage(props, back, h('h2', null, title), allowed ? await content() : notice('note', refusal));
}

/**
 * A list shown a page of `size` at a time into `list` (each item drawn by `item`): `first()` draws
 * page 1 anew and answers it; `more(button)` adds the next, and hides `moreButton` at the end.
 * `load(n)` answers page n as the server does ({data, total}).
 */
export function pagedList({ load, list, item, moreButton, flash, size }) {
  let page = 1;
  return {
    async first() {
      const answer = await load(1);
      page = 1;
      list.replaceChildren(...answer.data.map(item));
      moreButton.hidden = answer.total <= size;
      return answer;
    },
    more: (button) =>
      perform(button, t('Loading…'), flash, async () => {
        const answer = await load(page + 1);
        page += 1;
        list.append(...answer.data.map(item));
        moreButton.hidden = page * size >= answer.total;
      }),
  };
}
