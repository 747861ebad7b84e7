// Baseline for GET /services: a bare Koa app answering the same JSON bytes, nothing else.
import Koa from 'koa';

const body = Buffer.from(process.argv[2]!, 'base64');
const app = new Koa();
app.use((ctx) => {
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = body;
});
const server = app.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  process.send!({ url: `http://127.0.0.1:${port}` });
});
server.keepAliveTimeout = 60_000;
process.on('SIGTERM', () => server.close(() => process.exit(0)));
