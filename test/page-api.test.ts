import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import { ADMIN_OPERATIONS } from '../src/admin-api.ts';
import { PAGE_OPERATIONS_FILE, pageOperationsSource } from './helpers/page-operations.ts';
import { pageScripts, pageTexts } from './helpers/page-source.ts';

// The page reaches the admin API through one client keyed by operationId (static/js/api.js) over a
// copy of the server's operation table (static/js/operations.js, written by `npm run
// page-operations`). These hold the copy to the table, and the page to the client.

interface PageApi {
  requestOf(operationId: string, params?: Record<string, unknown>, query?: Record<string, unknown>): { method: string; url: string };
}
const { requestOf } = (await import(new URL('../static/js/api.js', import.meta.url).href)) as PageApi;

/** Where the admin API's paths start: businesses, status, scopes, deliveries, openapi.json, … */
const FIRST_SEGMENTS = [...new Set(ADMIN_OPERATIONS.map((op) => op.path.split('/')[1]!))];
/**
 * A path of the admin API in a piece of text: "/admin/api", or one starting as an admin path does
 * ("/businesses/", "/status"), not within a page's own address ("#setup/staff", "/book/x/logo").
 */
const ADMIN_PATH = new RegExp(`/admin/api|(?:^|[^#\\w.-])/(?:${FIRST_SEGMENTS.map((s) => s.replaceAll('.', '\\.')).join('|')})(?![\\w-])`);

describe('the page’s admin API client', () => {
  it('has the server’s operation table as it is (npm run page-operations writes it)', () => {
    assert.equal(fs.readFileSync(PAGE_OPERATIONS_FILE, 'utf8'), pageOperationsSource());
  });

  it('writes no admin API path by hand anywhere in static/: every call goes by operationId', () => {
    const written = pageScripts()
      .filter((script) => script.name !== 'js/operations.js')
      .flatMap(pageTexts)
      .filter(({ text }) => ADMIN_PATH.test(text))
      .map(({ where, text }) => `${where} ${JSON.stringify(text)}`);
    assert.deepEqual(written, []);
  });

  it('names only operations the server has', () => {
    const known = new Set(ADMIN_OPERATIONS.map((op) => op.operationId));
    const named = pageScripts()
      .flatMap(pageTexts)
      .filter(({ text }) => /^admin[A-Z]\w+$/.test(text));
    assert.ok(named.length > 40, `the page names ${named.length} operations`);
    assert.deepEqual(
      named.filter(({ text }) => !known.has(text)).map(({ where, text }) => `${where} ${text}`),
      [],
    );
  });

  it('fills path parameters (encoded) and the query (without empty values) into the operation’s path', () => {
    assert.deepEqual(requestOf('adminListStaff', { businessId: 3 }), { method: 'GET', url: '/admin/api/businesses/3/staff' });
    assert.deepEqual(requestOf('adminRetryWebhookDelivery', { businessId: 3, id: 12, deliveryId: 'dlv_a/b c' }), {
      method: 'POST',
      url: '/admin/api/businesses/3/webhooks/12/deliveries/dlv_a%2Fb%20c/retry',
    });
    assert.deepEqual(requestOf('adminListClients', { businessId: 1 }, { search: 'Anna & Ben', page: 2, limit: 20, staffId: '' }), {
      method: 'GET',
      url: '/admin/api/businesses/1/clients?search=Anna+%26+Ben&page=2&limit=20',
    });
    assert.deepEqual(requestOf('adminGetStatus'), { method: 'GET', url: '/admin/api/status' });
  });

  it('refuses an operation the server does not have, and a missing path parameter', () => {
    assert.throws(() => requestOf('adminListEverything', { businessId: 1 }), /no operation adminListEverything/);
    assert.throws(() => requestOf('adminGetBooking', { businessId: 1 }), /adminGetBooking needs id/);
  });
});
