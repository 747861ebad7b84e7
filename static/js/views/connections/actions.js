// Actions: send a connection a test, switch a failed one back on (the list is drawn again), and
// send a delivery again from its history.

import { perform, say } from '../../ui/notice.js';
import { connectionName } from './card.js';

function pingSentence(result) {
  if (result.success) return `Test delivered: the other program answered ${result.statusCode} in ${result.responseTimeMs} ms.`;
  return `The test did not get through: ${result.errorMessage ?? 'no answer'}. Check that the other program is running and its address is right.`;
}

/** `flash(sentence)` says it over the list and draws the list again. */
export function connectionActions(ctx, flash) {
  return {
    ping: (button, webhook, result) =>
      perform(button, 'Sending…', result, async () => {
        const answer = await ctx.api.call('adminPingWebhook', { id: webhook.id });
        say(result, answer.success ? 'good' : 'error', pingSentence(answer));
      }),
    reactivate: (button, webhook, result) =>
      perform(button, 'Switching on…', result, async () => {
        await ctx.api.call('adminUpdateWebhook', { id: webhook.id, body: { status: 'active' } });
        await flash(
          `“${connectionName(webhook)}” is switched on again and gets new notifications. Notifications from while it was off are not sent on their own; send the important ones again from its delivery history.`,
        );
      }),
  };
}

/** Sends a delivery again; `done()` draws the history again. */
export const retryDelivery = (ctx, button, messages, { webhookId, deliveryId }, done) =>
  perform(button, 'Sending…', messages, async () => {
    await ctx.api.call('adminRetryWebhookDelivery', { id: webhookId, deliveryId });
    say(messages, 'good', 'Sent again. The result appears here in a moment.');
    await done();
  });
