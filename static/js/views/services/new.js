// A new service (#services/new), in the salon's currency.

import { t } from '../../locale.js';
import { messageArea } from '../../ui/notice.js';
import { pageFor } from '../../ui/pages.js';
import { addService } from './actions.js';
import { serviceForm } from './form.js';
import { mayChangeServices } from './list.js';

export function renderNewService(ctx) {
  const page = { class: 'service-edit', back: ['#services', t('← All services')], title: t('New service') };
  return pageFor(page, mayChangeServices(ctx), t('Only the salon’s owner adds services.'), () => {
    const messages = messageArea();
    const { form, submit, read } = serviceForm(undefined, ctx.business.currency, messages);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      addService(ctx, submit, messages, read());
    });
    return form;
  });
}
