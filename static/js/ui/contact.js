// A client's phone number and e-mail address as links the desk taps: tel: dials the number
// (its digits and a leading +), mailto: opens a new message.

import { h } from '../dom.js';

export const contact = {
  phone: (phone) => (phone ? h('a', { href: `tel:${phone.replace(/[^+0-9]/g, '')}` }, phone) : null),
  email: (email) => (email ? h('a', { href: `mailto:${email}` }, email) : null),
};
