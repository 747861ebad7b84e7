#!/usr/bin/env node
// A webhook receiver for booking-api that verifies both signature schemes, using only Node.
//
//   WEBHOOK_SECRET=whsec_… PORT=3000 node examples/receiver.mjs
//
// It answers 2xx only for deliveries it verified, ignores repeats of a delivery it already
// handled (deliveries are at-least-once), and refuses timestamps older than five minutes.
// While a secret is rotated with a grace period, give it both, the new one first:
// WEBHOOK_SECRET=whsec_new,whsec_old (docs/webhooks.md, "Rotating the secret without downtime").
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';

const secrets = (process.env.WEBHOOK_SECRET ?? '').split(',').map((secret) => secret.trim());
if (!secrets.every((secret) => secret.startsWith('whsec_'))) {
  console.error(
    'Set WEBHOOK_SECRET to the secret booking-api gave you when you created the webhook (or to the new and the old, comma-separated).',
  );
  process.exit(1);
}
const port = Number(process.env.PORT ?? 3000);
const TOLERANCE_SECONDS = 5 * 60;
const seen = new Set(); // use your database in production

function safeEqual(a, b) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Scheme 1 (spec): X-Webhook-Signature = "sha256=" + hex HMAC-SHA256(body), key = the secret as text. */
function verifySpec(secret, body, headers) {
  const expected = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
  return safeEqual(expected, String(headers['x-webhook-signature'] ?? ''));
}

/**
 * Scheme 2 (Standard Webhooks): webhook-signature = "v1," + base64 HMAC-SHA256("id.timestamp.body"),
 * key = the base64-decoded part after "whsec_". The signed timestamp protects against replays.
 */
function verifyStandard(secret, body, headers) {
  const id = String(headers['webhook-id'] ?? '');
  const timestamp = String(headers['webhook-timestamp'] ?? '');
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) return false;
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
  // The header may hold several space-separated signatures (during secret rotation, say).
  return String(headers['webhook-signature'] ?? '')
    .split(' ')
    .some((signature) => safeEqual(expected, signature));
}

http
  .createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      // Verify the raw bytes, before any JSON parsing.
      const body = Buffer.concat(chunks).toString('utf8');
      // Each scheme by any of the secrets: X-Webhook-Signature is made with the old one until a grace period ends.
      const verified =
        secrets.some((secret) => verifySpec(secret, body, req.headers)) &&
        secrets.some((secret) => verifyStandard(secret, body, req.headers));
      if (req.method !== 'POST' || !verified) {
        res.writeHead(401).end('signature mismatch');
        return;
      }
      const deliveryId = req.headers['x-webhook-delivery'];
      if (seen.has(deliveryId)) {
        res.writeHead(200).end('already handled');
        return;
      }
      seen.add(deliveryId);
      const { event, data } = JSON.parse(body);
      console.log(JSON.stringify({ deliveryId, event, data }));
      res.writeHead(200).end('ok');
    });
  })
  .listen(port, () => console.error(`listening on http://127.0.0.1:${port}/`));
