// A new service (#services/new), in the salon's currency.

import { h } from '../../dom.js';
import { t } from '../../locale.js';
import { messageArea, notice } from '../../ui/notice.js';
import { itemPage } from '../../ui/pages.js';
import { addService } from './actions.js';
import { serviceForm } from './form.js';
import { mayChangeServices } from './list.js';

export function renderNewService(ctx) {
  if (!mayChangeServices(ctx))
    return itemPage(
      { class: 'service-edit' },
      ['#services', t('← All services')],
      h('h2', null, t('New service')),
      notice('note', t('Only the salon’s owner adds services.')),
    );
  const messages = messageArea();
  const { form, submit, read } = serviceForm(undefined, ctx.business.currency, messages);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    addService(ctx, submit, messages, read());
  });
  return itemPage({ class: 'service-edit' }, ['#services', t('← All services')], h('h2', null, t('New service')), form);
}
