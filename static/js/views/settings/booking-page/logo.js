// Render: the booking page's logo: the one it shows, another to choose (sent at once), or none.

import { button, h } from '../../../dom.js';
import { t } from '../../../locale.js';
import { field } from '../../../ui/fields.js';
import { messageArea } from '../../../ui/notice.js';

/** `actions.setLogo(file, messages)` and `actions.removeLogo(button, messages)` save and draw the part again. */
export function logoPanel(settings, actions) {
  const messages = messageArea();
  const file = h('input', { type: 'file', id: 'page-logo', accept: 'image/png,image/jpeg,image/webp' });
  file.addEventListener('change', () => {
    if (file.files?.[0]) actions.setLogo(file.files[0], messages);
  });
  const now = settings.logo
    ? h(
        'p',
        null,
        h('img', {
          class: 'page-logo',
          src: `/book/${settings.slug}/logo?v=${Date.parse(settings.logo.updatedAt)}`,
          alt: t('The logo now'),
        }),
      )
    : h('p', { class: 'hint' }, t('No logo yet: the page shows the salon’s name.'));
  return h(
    'section',
    { class: 'panel', 'aria-labelledby': 'page-logo-heading' },
    h('h3', { id: 'page-logo-heading' }, t('Logo on the booking page')),
    now,
    field(settings.logo ? t('Another logo') : t('Choose a logo'), file, t('PNG, JPEG or WebP, at most 100 KB.')),
    settings.logo
      ? h(
          'div',
          { class: 'actions' },
          button(t('Remove the logo'), (element) => actions.removeLogo(element, messages), 'danger'),
        )
      : null,
    messages,
  );
}
