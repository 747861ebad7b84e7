// The services scenario's baseline, climbed one step at a time towards what the contract needs,
// without any of our code: `npm run bench:profile -- services-ladder` runs each step under the
// same load, to show what the stack itself costs before booking-api does anything.
//   args: base64 body, step (bare | headers | layers | router)
import Koa from 'koa';
import Router from '@koa/router';

const STEPS = ['bare', 'headers', 'layers', 'router'];
const body = Buffer.from(process.argv[2]!, 'base64');
const step = STEPS.indexOf(process.argv[3]!);
if (step < 0) throw new Error(`step must be one of ${STEPS.join(', ')}`);

const app = new Koa();
if (step >= 1) {
  // The headers every answer with a key carries (spec 8, the IETF draft, ours).
  app.use(async (ctx, next) => {
    ctx.set('X-Request-Id', 'req_Wc92_WcIW9lx8n_W');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-RateLimit-Limit', '60');
    ctx.set('X-RateLimit-Remaining', '59');
    ctx.set('X-RateLimit-Reset', '1795261020');
    ctx.set('RateLimit-Policy', '"minute";q=60;w=60, "day";q=10000;w=86400');
    ctx.set('RateLimit', '"minute";r=59;t=32, "day";r=9999;t=44612');
    await next();
  });
}
if (step >= 2) {
  // As many async middleware layers as a request to /services passes (request context, security
  // headers, the openapi and prefix switches, preflight, key, rate limit, origin, body, scope).
  for (let i = 0; i < 10; i++) app.use(async (_ctx, next) => { await next(); });
}
const answer = (ctx: Koa.Context) => {
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = body;
};
if (step >= 3) {
  // A router with as many routes as the integration API.
  const router = new Router({ prefix: '/v1/integration' });
  for (const p of ['/business', '/staff', '/staff/:id', '/slots', '/bookings', '/bookings/:id', '/bookings/:id/cancel', '/reviews', '/webhooks', '/webhooks/:id', '/webhooks/:id/test', '/services/:id']) {
    router.get(p, answer);
    router.post(p, answer);
  }
  router.get('/services', answer);
  app.use(router.routes());
  app.use(router.allowedMethods());
} else {
  app.use(answer);
}
const server = app.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  process.send!({ url: `http://127.0.0.1:${port}` });
});
server.keepAliveTimeout = 60_000;
process.on('SIGTERM', () => server.close(() => process.exit(0)));
