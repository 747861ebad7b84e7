import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { certificateName, whereToOpen } from '../src/cli/where-to-open.ts';
import { TestCa } from './helpers/certificates.ts';

// What the server prints under "booking-api is running": an address people can use for passkeys
// and invitation links, never only 127.0.0.1 (test/npm-start.test.ts sees the line printed).

const salonPc = { name: 'salon-pc', addresses: ['192.168.1.20', '10.0.0.5'] };

describe('where to open the back office, as the server prints it', () => {
  it('names localhost, not 127.0.0.1, and says only this computer reaches it', () => {
    assert.deepEqual(whereToOpen('http://127.0.0.1:8080', {}, salonPc), [
      "Open http://localhost:8080/ in a browser on this computer. Only this computer reaches the server; for the salon's other devices, see BOOKING_HOST and BOOKING_PUBLIC_URL in the README.",
    ]);
    assert.match(whereToOpen('http://[::1]:8443', {}, salonPc)[0]!, /^Open http:\/\/localhost:8443\/ /);
    assert.match(whereToOpen('http://127.0.0.1:80', {}, salonPc)[0]!, /^Open http:\/\/localhost\/ in a browser/, 'no empty port');
  });

  it('names the computer, then its addresses, for the other devices when it listens on every network', () => {
    assert.deepEqual(whereToOpen('http://0.0.0.0:8080', {}, salonPc), [
      "Open http://localhost:8080/ in a browser on this computer; the salon's other devices open http://salon-pc:8080/ (or http://192.168.1.20:8080/, http://10.0.0.5:8080/).",
    ]);
    assert.match(whereToOpen('http://[::]:8080', {}, { name: 'pc', addresses: [] })[0]!, /other devices open http:\/\/pc:8080\/\.$/);
    assert.match(whereToOpen('http://192.168.1.20:8080', {}, salonPc)[0]!, /other devices open http:\/\/192\.168\.1\.20:8080\/\.$/);
  });

  it('names the public address when there is one, and over HTTPS the name the certificate is for', () => {
    assert.deepEqual(whereToOpen('http://127.0.0.1:8080', { publicUrl: 'https://booking.salon.example' }, salonPc), [
      "Open https://booking.salon.example/ in a browser: the salon's devices and clients reach the server there.",
    ]);
    assert.deepEqual(whereToOpen('https://0.0.0.0:443', { certificateName: 'booking.salon.example' }, salonPc), [
      "Open https://booking.salon.example/ in a browser: the name the server's certificate is for.",
    ]);
    const ca = new TestCa();
    assert.equal(certificateName(ca.issue('salon').cert), 'localhost', 'its DNS name, not its IP address');
    assert.equal(certificateName(ca.cert), undefined, 'a certificate without names');
    assert.equal(certificateName('not a certificate'), undefined);
  });
});
