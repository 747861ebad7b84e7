// The first-run setup (#setup): the salon (name, time zone, opening hours), its first services,
// the first staff member with weekly hours and services, then the next step: the salon's booking
// page, with the line that shows it on the salon's website (no key in it). #setup/services etc. go back to a step.
// load → state → render, with the actions of each step.

import { h } from '../../dom.js';
import { t } from '../../locale.js';
import { messageArea } from '../../ui/notice.js';
import { setupActions } from './actions.js';
import { salonStep } from './salon.js';
import { loadSetup, STEPS, setupState } from './state.js';
import { servicesStep, staffStep } from './team.js';
import { widgetStep } from './widget.js';
import { viewPage } from '../../ui/pages.js';

function progress({ step, done }) {
  return h(
    'ol',
    { class: 'steps', 'aria-label': t('Setup steps') },
    STEPS.map(([key, label], i) =>
      h(
        'li',
        { class: done.includes(key) ? 'done' : null, 'aria-current': key === step ? 'step' : null },
        done.includes(key) || key === step ? h('a', { href: `#setup/${key}` }, `${i + 1}. ${t(label)}`) : `${i + 1}. ${t(label)}`,
      ),
    ),
  );
}

const STEP_FORMS = { salon: salonStep, services: servicesStep, staff: staffStep };

export async function renderSetup(ctx, id) {
  const state = setupState(ctx.business, await loadSetup(ctx), id);
  const message = messageArea();
  const actions = setupActions(ctx, message);
  const body = state.step === 'widget' ? await widgetStep(ctx) : STEP_FORMS[state.step](state, actions);
  return viewPage(
    {
      tag: 'section',
      class: 'setup',
      title: ctx.business ? t('Set up the salon') : t('Welcome: set up your salon'),
      intro: ctx.business ? null : t('Four short steps and the salon can take bookings.'),
    },
    progress(state),
    messageArea(null, ctx.flash),
    message,
    body,
  );
}
