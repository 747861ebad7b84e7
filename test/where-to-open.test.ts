import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { whereToOpen } from '../src/cli/where-to-open.ts';

// What the server prints under "booking-api is running": an address people can use for passkeys
// and invitation links, never only 127.0.0.1 (test/npm-start.test.ts sees the line printed).

const salonPc = { name: 'salon-pc', addresses: ['192.168.1.20', '10.0.0.5'] };

describe('where to open the back office, as the server prints it', () => {
  it('names localhost, not 127.0.0.1, and says only this computer reaches it', () => {
    assert.deepEqual(whereToOpen('http://127.0.0.1:8080', undefined, salonPc), [
      "Open http://localhost:8080/ in a browser on this computer. Only this computer reaches the server; for the salon's other devices, see BOOKING_HOST and BOOKING_PUBLIC_URL in the README.",
    ]);
    assert.match(whereToOpen('https://[::1]:8443', undefined, salonPc)[0]!, /^Open https:\/\/localhost:8443\/ /);
  });

  it('names the computer, then its addresses, for the other devices when it listens on every network', () => {
    assert.deepEqual(whereToOpen('http://0.0.0.0:8080', undefined, salonPc), [
      "Open http://localhost:8080/ in a browser on this computer; the salon's other devices open http://salon-pc:8080/ (or http://192.168.1.20:8080/, http://10.0.0.5:8080/).",
    ]);
    assert.match(whereToOpen('http://[::]:8080', undefined, { name: 'pc', addresses: [] })[0]!, /other devices open http:\/\/pc:8080\/\.$/);
    assert.match(whereToOpen('http://192.168.1.20:8080', undefined, salonPc)[0]!, /other devices open http:\/\/192\.168\.1\.20:8080\/\.$/);
  });

  it('names the public address when there is one', () => {
    assert.deepEqual(whereToOpen('http://127.0.0.1:8080', 'https://booking.salon.example', salonPc), [
      "Open https://booking.salon.example/ in a browser: the salon's devices and clients reach the server there.",
    ]);
  });
});
