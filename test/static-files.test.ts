import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { TestApp } from './helpers/app.ts';

/** A raw GET: the path goes out exactly as written (fetch would resolve the dot segments). */
function rawGet(base: string, rawPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const request = http.request({ host: url.hostname, port: url.port, path: rawPath, method: 'GET' }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

/*
 * The probe's last area: the status page's static files. They are served from a table of the
 * files in static/ read at start, looked up by exact path, so no request path reaches the disk.
 */
describe('static files: only the status page, whatever the path says', () => {
  let app: TestApp;
  before(async () => {
    app = await TestApp.start();
  });
  after(() => app.stop());

  it('serves the status page files', async () => {
    assert.equal((await rawGet(app.url, '/')).status, 200);
    assert.equal((await rawGet(app.url, '/style.css')).status, 200);
  });

  it('serves what the pages share (static/shared/) under each public page’s own path too', async () => {
    // The booking page and the manage page load only files under /book/ and /manage/.
    for (const file of ['house.css', 'element.js']) {
      const original = await rawGet(app.url, `/shared/${file}`);
      assert.equal(original.status, 200, file);
      for (const under of ['/book', '/manage'])
        assert.deepEqual(await rawGet(app.url, `${under}/shared/${file}`), original, `${under}/shared/${file}`);
    }
    assert.equal((await rawGet(app.url, '/book/style.css')).status, 404, 'nothing else is served twice');
  });

  it('answers 404 to every path that tries to leave static/ or reach the data dir', async () => {
    for (const rawPath of [
      '/../package.json',
      '/js/../../package.json',
      '/%2e%2e/package.json',
      '/%2e%2e%2fpackage.json',
      '/..%2f..%2fsrc%2fapp.ts',
      '/static/index.html',
      '//etc/passwd',
      '/index.html/',
      '/INDEX.HTML',
      '/booking.db',
      '/secrets.key',
      '/.env',
      '/js/..%5c..%5cpackage.json',
    ]) {
      const reply = await rawGet(app.url, rawPath);
      assert.equal(reply.status, 404, rawPath);
      assert.doesNotMatch(reply.body, /"dependencies"|import |SQLite format/, rawPath);
    }
  });
});
