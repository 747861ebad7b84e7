import assert from 'node:assert/strict';
import { it } from 'node:test';
import { errors, Pool } from '../src/delivery/undici-pool.ts';

// The sender loads undici's Pool, request API and errors from their files, not from the index
// (src/delivery/undici-pool.ts). If an upgrade moves them, this fails before a delivery does.
it("loads undici's own Pool, request() and error classes from their files", async () => {
  // Before anything loads undici's index, which would attach request() itself.
  assert.equal(typeof Pool.prototype.request, 'function');
  const undici = await import('undici');
  assert.equal(Pool, undici.Pool);
  for (const name of ['HeadersTimeoutError', 'BodyTimeoutError', 'ConnectTimeoutError', 'HTTPParserError'] as const) {
    assert.equal(errors[name], undici.errors[name], name);
  }
});
