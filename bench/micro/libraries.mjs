// Micro-benchmarks behind the library decisions in docs/decisions.md ("What we still wrote by hand").
// Run: npm install --no-save rate-limiter-flexible@11.4.0 && npx node bench/micro/libraries.mjs
// Prints ns per operation, best of 5 rounds; compare within one run only (the machine is shared).
import { LRUCache } from 'lru-cache';
import { configure } from 'safe-stable-stringify';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { Webhook } from 'standardwebhooks';
import { createHmac, createSecretKey, randomBytes } from 'node:crypto';

function time(name, n, fn) {
  for (let i = 0; i < n / 10; i++) fn(i);
  const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) fn(i);
  const ns = Number(process.hrtime.bigint() - t) / n;
  console.log(`${name.padEnd(44)} ${ns.toFixed(1)} ns/op`);
  return ns;
}
const R = 5;
const best = (name, n, fn) => {
  let b = Infinity;
  for (let r = 0; r < R; r++) b = Math.min(b, time(name, n, fn));
  console.log(`  best ${name}: ${b.toFixed(1)}`);
};

// 1. remembered answers: 200 distinct keys, all hits (the slot path's pattern)
const keys = Array.from({ length: 200 }, (_, i) => `${1795000000000 + i * 900000}|Europe/Berlin`);
const map = new Map();
for (const k of keys) map.set(k, `${k}x`);
const lru = new LRUCache({ max: 8192 });
for (const k of keys) lru.set(k, `${k}x`);
best('Map hit', 2e6, (i) => map.get(keys[i % 200]));
best('lru-cache hit', 2e6, (i) => lru.get(keys[i % 200]));

// 2. canonical body
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
const stable = configure({ deterministic: true });
const body = {
  serviceId: 12,
  staffId: 3,
  startTime: '2026-11-23T10:00:00+01:00',
  client: { name: 'Anna Schmidt', email: 'anna@example.com', phone: '+49 30 1234567' },
  notes: 'Please use the side door',
};
if (canonical(body) !== stable(body)) throw new Error('differ');
best('canonical (ours)', 3e5, () => canonical(body));
best('safe-stable-stringify', 3e5, () => stable(body));

// 3. signing
const secret = `whsec_${randomBytes(24).toString('base64')}`;
const payload = JSON.stringify({ id: 'evt_1', type: 'booking.created', data: { ...body, id: 'bkg_1' }, createdAt: '2026-11-23T09:00:00Z' });
const key = createSecretKey(Buffer.from(secret.slice(6), 'base64'));
best(
  'standard signature (ours, cached key)',
  2e5,
  (i) => `v1,${createHmac('sha256', key).update(`msg_${i}.1795000000.${payload}`, 'utf8').digest('base64')}`,
);
const wh = new Webhook(secret);
const date = new Date(1795000000000);
best('standardwebhooks Webhook.sign', 2e5, (i) => wh.sign(`msg_${i}`, date, payload));

// 4. rate limiting in memory: 2 windows per key
const counters = new Map();
function take(id, now) {
  let c = counters.get(id);
  if (!c) counters.set(id, (c = { ms: 0, mc: 0, ds: 0, dc: 0 }));
  const ms = Math.floor(now / 60000) * 60000,
    ds = Math.floor(now / 86400000) * 86400000;
  if (c.ms !== ms) {
    c.ms = ms;
    c.mc = 0;
  }
  if (c.ds !== ds) {
    c.ds = ds;
    c.dc = 0;
  }
  if (c.mc >= 1e12 || c.dc >= 1e12) return false;
  c.mc++;
  c.dc++;
  return true;
}
best('rate limit take (ours, 2 windows)', 1e6, (i) => take(i % 50, Date.now()));
const minute = new RateLimiterMemory({ points: 1e12, duration: 60 });
const day = new RateLimiterMemory({ points: 1e12, duration: 86400 });
const n = 2e5;
for (let r = 0; r < R; r++) {
  const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    await minute.consume(i % 50);
    await day.consume(i % 50);
  }
  console.log(`rate-limiter-flexible Memory, 2 limiters        ${(Number(process.hrtime.bigint() - t) / n).toFixed(1)} ns/op`);
}
