// Activity (#activity): who changed what in the salon, newest first: people by name, the back
// office's access code, connected programs, clients and the system; filtered by who, what and dates, and downloaded as a
// spreadsheet. load → render, filled by the actions.

import { h, namedChoice } from '../../dom.js';
import { t } from '../../locale.js';
import { messageArea } from '../../ui/notice.js';
import { viewPage } from '../../ui/pages.js';
import { activityActions } from './actions.js';
import { loadPeople, loadServices } from './load.js';
import { activityTable } from './rows.js';
import { WHAT, WHO } from './words.js';

const options = (pairs) => pairs.map(([value, words]) => h('option', { value }, t(words)));

function activityView(people) {
  const byPerson = people.map((person) => h('option', { value: `person:${person.id}` }, person.name));
  return {
    who: namedChoice(h('select', { id: 'activity-who', name: 'who' }, options(WHO), byPerson)),
    what: namedChoice(h('select', { id: 'activity-what', name: 'what' }, options(WHAT))),
    from: h('input', { id: 'activity-from', name: 'from', type: 'date' }),
    to: h('input', { id: 'activity-to', name: 'to', type: 'date' }),
    flash: messageArea(),
    summary: h('p', { class: 'summary', 'aria-live': 'polite' }),
    body: h('tbody'),
    more: h('button', { type: 'button', hidden: true }, t('Show older changes')),
    download: h('button', { type: 'button' }, t('Download as a spreadsheet (CSV)')),
  };
}

const labelled = (label, control) => h('span', { class: 'filter' }, h('label', { for: control.id }, label), ' ', control);

export async function renderActivity(ctx) {
  const [services, people] = await Promise.all([loadServices(ctx.api), loadPeople(ctx.api)]);
  const view = activityView(people);
  const actions = activityActions(ctx, view, services);
  for (const control of [view.who, view.what, view.from, view.to]) control.addEventListener('change', actions.filter);
  view.more.addEventListener('click', () => actions.more(view.more));
  view.download.addEventListener('click', () => actions.download(view.download));
  await actions.show();
  return viewPage(
    {
      class: 'activity-view',
      title: t('Activity'),
      intro: t('Who changed what in the salon: the back office, connected programs, clients and the system.'),
    },
    h(
      'div',
      { class: 'filters' },
      labelled(t('Who'), view.who),
      labelled(t('What'), view.what),
      labelled(t('From'), view.from),
      labelled(t('To'), view.to),
      view.download,
    ),
    view.flash,
    view.summary,
    activityTable(view.body),
    view.more,
  );
}
