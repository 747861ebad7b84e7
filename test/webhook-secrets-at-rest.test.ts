import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { TestApp } from './helpers/app.ts';

/** Every file under the data dir, with its bytes. */
function filesUnder(dir: string): Array<[string, Buffer]> {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return [path.relative(dir, file), fs.readFileSync(file)] as [string, Buffer];
    });
}

/*
 * Issue 14, point 5: after webhooks were deleted and secrets rotated, the probe found 12 `whsec_`
 * strings in the database file, 9 of them dead. The test does the same and scans the bytes.
 */
describe('webhook secrets in the database file', () => {
  it('holds no deleted or rotated-away secret (secure_delete)', async () => {
    const app = await TestApp.start({ config: { allowPrivateTargets: true } });
    const dead: string[] = [];
    const live: string[] = [];
    try {
      const businessId = await app.business();
      const key = (await app.key(businessId, ['webhooks:manage'])).key;
      const ids: number[] = [];
      for (let i = 0; i < 4; i++) {
        const created = await app.request('POST', '/v1/integration/webhooks', {
          key,
          body: { targetUrl: `http://127.0.0.1:9/hook-${i}`, events: ['service.deleted'] },
        });
        assert.equal(created.status, 201, created.text);
        ids.push(created.body.id);
        let secret: string = created.body.secret;
        for (let r = 0; r < 2; r++) {
          dead.push(secret);
          const rotated = await app.request('POST', `/v1/integration/webhooks/${created.body.id}/rotate-secret`, { key });
          assert.equal(rotated.status, 200, rotated.text);
          secret = rotated.body.secret;
        }
        live.push(secret);
      }
      // Some filler so the pages are reused, then delete two webhooks.
      for (const id of ids.slice(0, 2)) {
        assert.equal((await app.request('DELETE', `/v1/integration/webhooks/${id}`, { key })).status, 204);
        dead.push(live.shift()!);
      }
    } finally {
      await app.stop();
    }
    const files = filesUnder(app.dataDir);
    assert.ok(files.some(([name]) => name === 'booking.db'));
    for (const [name, bytes] of files) {
      for (const secret of dead) assert.equal(bytes.includes(secret), false, `${name} still holds a dead secret`);
      assert.equal(bytes.includes(Buffer.from(dead[0]!.slice(6, 30))), false, `${name} holds part of a dead secret`);
    }
    const db = fs.readFileSync(path.join(app.dataDir, 'booking.db'));
    assert.ok(db.includes('127.0.0.1:9/hook-3'), 'the check is real: live webhook rows are in the same bytes');
  });
});
