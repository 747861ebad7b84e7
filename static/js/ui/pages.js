// The frame of a page about one thing, or a new one (a service, a staff member, a client): the
// way back to the list, the heading, and what follows.

import { h } from '../dom.js';

/** `props` of the page ({ class, 'data-staff-id' }); `back` the way to the list: ['#staff', '← All staff']. */
export function itemPage(props, [href, label], heading, ...content) {
  return h('div', props, h('p', { class: 'back' }, h('a', { href }, label)), heading, ...content);
}
