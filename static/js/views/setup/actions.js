// Actions: each step saves what it asked for and goes on (or stays, for one more service or staff
// member), with a sentence for the step drawn next; a refusal is said in the step's message area.

import { api } from '../../api.js';
import { isolate } from '../../dom.js';
import { t } from '../../locale.js';
import { flashNext, perform, say } from '../../ui/notice.js';

/** The address of a step; the same one is drawn again (after adding one more service, say). */
const goTo = (step) => {
  if (location.hash === `#setup/${step}`) window.dispatchEvent(new HashChangeEvent('hashchange'));
  else location.hash = `#setup/${step}`;
};

/** `message` is where a step's problems and refusals are said. */
export function setupActions(ctx, message) {
  const refuse = (problem) => say(message, 'error', problem);
  return {
    refuse,
    /**
     * Makes the salon with its name, time zone, phone country, opening hours and language (the
     * booking page's, which the back office speaks too), or saves them on the salon made before;
     * on to the services.
     */
    saveSalon: (button, { name, timezone, phoneCountry, workingHours, locale }) =>
      perform(button, t('Saving…'), message, async () => {
        const salon = { name, timezone, phoneCountry, workingHours };
        // A new salon is made with all of it (one act, one line in Activity); a salon made is changed.
        let businessId = ctx.business?.id;
        if (businessId === undefined) businessId = (await api.call('adminCreateBusiness', { body: { ...salon, locale } })).id;
        else {
          await api.call('adminUpdateBusiness', { businessId, body: salon });
          if (locale) await api.call('adminUpdateBookingPage', { businessId, body: { locale } });
        }
        await ctx.reloadBusinesses(businessId);
        goTo('services');
      }),
    /** Adds a service and stays: more services can follow (`next`: the step to go on to instead). */
    addService: (button, body, next = 'services') =>
      perform(button, t('Adding…'), message, async () => {
        const service = await ctx.api.call('adminCreateService', { body });
        flashNext('good', t('Added “{name}”.', { name: isolate(service.name) }));
        goTo(next);
      }),
    /**
     * Adds a staff member and stays: the list shows each one with their services, to be checked
     * before "Continue" (the first one went straight on, unseen); `next`: the step to go on to instead.
     */
    addStaff: (button, body, next = 'staff') =>
      perform(button, t('Adding…'), message, async () => {
        const member = await ctx.api.call('adminCreateStaff', { body });
        flashNext('good', t('Added {name}.', { name: isolate(member.name) }));
        goTo(next);
      }),
  };
}
