import { after, before, beforeEach } from 'node:test';
import { TestApp, type TestAppOptions } from './app.ts';
import { Receiver } from './receiver.ts';
import { eventually } from './wait.ts';

export interface DeliverySuite {
  app: TestApp;
  receiver: Receiver;
  /** A business of its own per test, so no earlier test's webhook hears this test's events. */
  businessId: number;
  /** A webhooks:manage key of that business. */
  key: string;
  /** The webhook's history (oldest first) once at least `n` attempts have finished. */
  finished(webhookId: number, n?: number): Promise<any[]>;
  /** Registers a webhook for `targetUrl`, fires one booking.created and returns its first finished attempt. */
  deliverOnce(targetUrl: string): Promise<any>;
}

/** Registers before/after hooks: one app and one receiver for the suite, a fresh business per test. */
export function deliverySuite(options: TestAppOptions = {}): DeliverySuite {
  const suite = {} as DeliverySuite;
  before(async () => {
    suite.app = await TestApp.start(options);
    suite.receiver = await Receiver.start();
  });
  after(async () => {
    await suite.app.stop();
    await suite.receiver.close();
  });
  beforeEach(async () => {
    suite.receiver.requests.splice(0);
    suite.receiver.handle(() => ({ status: 200, body: 'ok' }));
    suite.businessId = await suite.app.business();
    suite.key = (await suite.app.key(suite.businessId, ['webhooks:manage'])).key;
  });
  suite.finished = (webhookId, n = 1) =>
    eventually(
      async () => {
        const history = await suite.app.history(suite.key, webhookId);
        return history.filter((a) => a.deliveryStatus !== 'pending').length >= n ? history : undefined;
      },
      10_000,
      `${n} finished attempts of webhook ${webhookId}`,
    );
  suite.deliverOnce = async (targetUrl) => {
    const webhook = await suite.app.webhook(suite.key, targetUrl);
    await suite.app.emit(suite.businessId, 'booking.created', { bookingId: 1 });
    const [attempt] = await suite.finished(webhook.id);
    return attempt;
  };
  return suite;
}
