// Render: the frame of a setup step: a card form with its title, an optional intro, and its fields
// and buttons.

import { h } from '../../dom.js';

export const stepForm = (title, intro, ...content) =>
  h(
    'form',
    { class: 'card setup-form', novalidate: true },
    h('h3', null, title),
    intro ? h('p', { class: 'intro' }, intro) : null,
    ...content,
  );
