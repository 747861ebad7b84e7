import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { Validator } from '@seriousme/openapi-schema-validator';
import { INTEGRATION_OPERATIONS } from '../src/integration-api.ts';
import { TestApp } from './helpers/app.ts';
import { TestClock } from './helpers/clock.ts';
import { Receiver } from './helpers/receiver.ts';
import { admin, bookingBody, makeSalon, MONDAY, TEST_NOW, type Salon } from './helpers/salon.ts';
import { eventually } from './helpers/wait.ts';

const addFormats = (typeof formats === 'function' ? formats : (formats as { default: unknown }).default) as (ajv: Ajv2020) => void;

describe('the OpenAPI document', () => {
  const clock = new TestClock(TEST_NOW);
  let app: TestApp;
  let doc: any;

  before(async () => {
    app = await TestApp.start({ clock });
    const reply = await app.request('GET', '/v1/integration/openapi.json');
    assert.equal(reply.status, 200, 'served without a key');
    doc = reply.body;
  });
  after(() => app.stop());

  it('is a valid OpenAPI 3.1 document', async () => {
    assert.equal(doc.openapi, '3.1.0');
    const result = await new Validator().validate(doc);
    assert.equal(result.valid, true, JSON.stringify(result.errors, null, 1)?.slice(0, 2000));
  });

  it('lists every event under webhooks', () => {
    assert.equal(Object.keys(doc.webhooks).length, 14);
    assert.equal(doc.webhooks['booking.created'].post.requestBody.content['application/json'].schema.properties.data.$ref, '#/components/schemas/event.booking.created');
  });

  describe('matches what the server answers', () => {
    let salon: Salon;
    let receiver: Receiver;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    let checked = 0;

    /** Validates a real answer against the schema the document gives for its operation and status. */
    function conforms(method: string, path: string, reply: { status: number; body: unknown }) {
      const op = doc.paths[`/v1/integration${path}`]?.[method];
      assert.ok(op, `${method} ${path} is documented`);
      const response = op.responses[String(reply.status)];
      assert.ok(response, `${method} ${path} documents status ${reply.status}`);
      const ref = response.content?.['application/json']?.schema?.$ref as string | undefined;
      if (!ref) {
        assert.equal(reply.body, undefined);
        return;
      }
      const validate = ajv.getSchema(`oa#/$defs/${ref.split('/').at(-1)}`)!;
      assert.ok(validate(reply.body), `${method} ${path} ${reply.status}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(reply.body).slice(0, 500)}`);
      checked += 1;
    }

    before(async () => {
      const schemas = JSON.parse(JSON.stringify(doc.components.schemas).replace(/#\/components\/schemas\//g, 'oa#/$defs/'));
      ajv.addSchema({ $id: 'oa', $defs: schemas });
      salon = await makeSalon(app);
      receiver = await Receiver.start();
    });
    after(() => receiver.close());

    it('for every operation, on success and on failure', async () => {
      const key = salon.key;
      const call = async (method: string, template: string, path: string, body?: unknown, headers?: Record<string, string>) => {
        const reply = await app.request(method.toUpperCase(), `/v1/integration${path}`, { key, body, headers });
        conforms(method, template, reply);
        return reply;
      };
      await call('get', '/business', '/business');
      await call('get', '/services', '/services');
      await call('get', '/services', '/services?active=maybe');
      await call('get', '/services/{id}', `/services/${salon.haircut}`);
      await call('get', '/services/{id}', '/services/424242');
      await call('get', '/staff', '/staff');
      await call('get', '/staff/{id}', `/staff/${salon.anna}`);
      const slots = await call('get', '/slots', `/slots?serviceId=${salon.haircut}&date=${MONDAY}`);
      await call('get', '/slots', '/slots?date=tomorrow');
      const booking = await call('post', '/bookings', '/bookings', bookingBody(salon.haircut, slots.body.data[0].startTime), { 'Idempotency-Key': 'oa-1' });
      await call('post', '/bookings', '/bookings', bookingBody(salon.haircut, slots.body.data[1].startTime), { 'Idempotency-Key': 'oa-1' });
      await call('post', '/bookings', '/bookings', bookingBody(salon.haircut, '2026-11-22T10:00:00+01:00'));
      await call('post', '/bookings', '/bookings', { serviceId: salon.haircut });
      await call('get', '/bookings', '/bookings');
      await call('get', '/bookings/{id}', `/bookings/${booking.body.id}`);
      await call('post', '/bookings/{id}/cancel', `/bookings/${booking.body.id}/cancel`, { reason: 'changed plans' });
      await call('post', '/bookings/{id}/cancel', `/bookings/${booking.body.id}/cancel`);
      await call('get', '/reviews', '/reviews');
      await call('get', '/webhooks/events', '/webhooks/events');
      const webhook = await call('post', '/webhooks', '/webhooks', { targetUrl: receiver.url(), events: ['booking.created'] });
      await call('post', '/webhooks', '/webhooks', { targetUrl: 'ftp://x', events: [] });
      await call('get', '/webhooks', '/webhooks');
      await call('get', '/webhooks/{id}', `/webhooks/${webhook.body.id}`);
      await call('patch', '/webhooks/{id}', `/webhooks/${webhook.body.id}`, { description: 'CRM' });
      await call('post', '/webhooks/{id}/rotate-secret', `/webhooks/${webhook.body.id}/rotate-secret`);
      const ping = await call('post', '/webhooks/{id}/ping', `/webhooks/${webhook.body.id}/ping`);
      await call('get', '/webhooks/{id}/deliveries', `/webhooks/${webhook.body.id}/deliveries`);
      await call('post', '/webhooks/{id}/deliveries/{deliveryId}/retry', `/webhooks/${webhook.body.id}/deliveries/${ping.body.deliveryId}/retry`);
      await eventually(async () => ((await app.history(key, webhook.body.id)).every((a) => a.deliveryStatus !== 'pending') ? true : undefined));
      await call('delete', '/webhooks/{id}', `/webhooks/${webhook.body.id}`);
      const narrow = (await admin(app, 'POST', `${salon.base}/keys`, { name: 'n', scopes: ['staff:read'] }, 201)).body.key;
      conforms('get', '/business', await app.request('GET', '/v1/integration/business', { key: narrow }));
      conforms('get', '/business', await app.request('GET', '/v1/integration/business'));
      assert.ok(checked >= INTEGRATION_OPERATIONS.length - 1, `${checked} answers checked`);
    });
  });
});
