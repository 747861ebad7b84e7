// The frames the views share: a view's page (its heading, with a button or a badge beside it, an
// intro and what follows), the page of one thing or a new one (the way back to the list first),
// and a card of one thing in a list.

import { h } from '../dom.js';

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
