// Actions: send a connection a test, switch a failed one back on, send again everything that
// failed since a time (the list is drawn again), and send a delivery again from its history.

import { isolate } from '../../dom.js';
import { t } from '../../locale.js';
import { perform, say } from '../../ui/notice.js';
import { connectionName } from './card.js';
import { recoverSentence } from './recover.js';
import { problemWords } from './problem.js';

function pingSentence(result) {
  if (result.success) {
    return t('Test delivered: the other program answered {status} in {ms} ms.', { status: result.statusCode, ms: result.responseTimeMs });
  }
  return t('The test did not get through: {problem}. Check that the other program is running and its address is right.', {
    problem: problemWords(result.errorMessage) ?? t('no answer'),
  });
}

/** `flash(sentence)` says it over the list (a string, or an array with isolated names) and draws the list again. */
export function connectionActions(ctx, flash) {
  return {
    ping: (button, webhook, result) =>
      perform(button, t('Sending…'), result, async () => {
        const answer = await ctx.api.call('adminPingWebhook', { id: webhook.id });
        say(result, answer.success ? 'good' : 'error', pingSentence(answer));
      }),
    reactivate: (button, webhook, result) =>
      perform(button, t('Switching on…'), result, async () => {
        await ctx.api.call('adminUpdateWebhook', { id: webhook.id, body: { status: 'active' } });
        await flash(
          t(
            '“{name}” is switched on again and gets new notifications. What happened while it was off is not sent to it; what failed before can be sent again with “Send again everything that failed since”.',
            { name: connectionName(webhook) },
          ),
        );
      }),
    /** A switched-off connection is switched back on first: what failed would not be sent to it. */
    recover: (button, webhook, since, result) =>
      perform(button, t('Sending…'), result, async () => {
        const off = webhook.status === 'failed';
        if (off) await ctx.api.call('adminUpdateWebhook', { id: webhook.id, body: { status: 'active' } });
        const answer = await ctx.api.call('adminRecoverWebhook', { id: webhook.id, body: { since } });
        await flash([isolate(connectionName(webhook)), ': ', off ? `${t('Switched on again.')} ` : '', recoverSentence(answer)]);
      }),
  };
}

/** Sends a delivery again; `done()` draws the history again. */
export const retryDelivery = (ctx, button, messages, { webhookId, deliveryId }, done) =>
  perform(button, t('Sending…'), messages, async () => {
    await ctx.api.call('adminRetryWebhookDelivery', { id: webhookId, deliveryId });
    say(messages, 'good', t('Sent again. The result appears here in a moment.'));
    await done();
  });
