import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { checkTarget, guardedLookup, nonPublicReason, type Lookup } from '../src/delivery/targets.ts';

/*
 * The webhook target rule, stated independently of the code (and of ipaddr.js) as CIDR tables,
 * then checked on generated addresses written in every notation a URL or a resolver can carry.
 * Registration (checkTarget on a URL literal) and send time (guardedLookup on a DNS answer)
 * must both give the table's verdict.
 */

const NOT_PUBLIC_V4: Array<[string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.31.196.0', 24],
  ['192.52.193.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['192.175.48.0', 24],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

const v4Number = (dotted: string) => dotted.split('.').reduce((n, part) => n * 256 + Number(part), 0);
const inV4 = (n: number, [base, bits]: [string, number]) =>
  bits === 0 || Math.floor(n / 2 ** (32 - bits)) === Math.floor(v4Number(base) / 2 ** (32 - bits));
const publicV4 = (n: number) => !NOT_PUBLIC_V4.some((range) => inV4(n, range));
const dotted = (n: number) => [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join('.');
const hex16 = (n: number) => n.toString(16);
const highWord = (n: number) => Math.floor(n / 65536);
const lowWord = (n: number) => n % 65536;

/** An IPv4 number, biased towards the edges of the refused ranges where mistakes live. */
const ipv4 = fc.oneof(
  fc.integer({ min: 0, max: 2 ** 32 - 1 }),
  fc.tuple(fc.constantFrom(...NOT_PUBLIC_V4), fc.integer({ min: -2, max: 2 ** 24 }), fc.boolean()).map(([[base, bits], offset, atEnd]) => {
    const size = 2 ** (32 - bits);
    const start = v4Number(base) + (atEnd ? size : 0);
    return Math.min(2 ** 32 - 1, Math.max(0, start + (offset % (size + 2)) - (atEnd ? 1 : 0)));
  }),
);

/** The ways one IPv4 address can be written in a URL host; the WHATWG parser normalises them all. */
const ipv4Notation = (n: number) =>
  fc.constantFrom(
    dotted(n),
    String(n),
    `0x${n.toString(16)}`,
    `0X${n.toString(16).toUpperCase()}`,
    `0${n.toString(8)}`,
    dotted(n)
      .split('.')
      .map((part) => `0x${Number(part).toString(16)}`)
      .join('.'),
    dotted(n)
      .split('.')
      .map((part) => `0${Number(part).toString(8)}`)
      .join('.'),
    `${Math.floor(n / 2 ** 24)}.${n % 2 ** 24}`,
    `${Math.floor(n / 2 ** 24)}.${Math.floor(n / 65536) % 256}.${n % 65536}`,
  );

/** IPv6 forms that carry that IPv4 address, as URL literals; each is judged by the IPv4 address. */
const carrying = (n: number) =>
  fc.constantFrom(
    `[::ffff:${dotted(n)}]`,
    `[::FFFF:${hex16(highWord(n)).toUpperCase()}:${hex16(lowWord(n)).toUpperCase()}]`,
    `[0:0:0:0:0:ffff:${dotted(n)}]`,
    `[0000:0000:0000:0000:0000:ffff:${hex16(highWord(n))}:${hex16(lowWord(n))}]`,
    `[64:ff9b::${dotted(n)}]`,
    `[64:FF9B:0:0:0:0:${hex16(highWord(n))}:${hex16(lowWord(n))}]`,
    `[2002:${hex16(highWord(n))}:${hex16(lowWord(n))}::1]`,
    `[2002:${hex16(highWord(n))}:${hex16(lowWord(n))}:5:6:7:8:9]`,
  );

const refusingResolver: Lookup = ((host: string) => {
  throw new Error(`no lookup expected for an IP literal, got ${host}`);
}) as unknown as Lookup;

const answering = (address: string): Lookup =>
  ((_host: string, _options: unknown, callback: (e: Error | null, list: unknown) => void) =>
    callback(null, [{ address, family: address.includes(':') ? 6 : 4 }])) as unknown as Lookup;

async function registrationAllows(host: string): Promise<boolean> {
  return (await checkTarget(new URL(`http://${host}/hook`), refusingResolver)).ok;
}

function sendTimeAllows(address: string): Promise<boolean> {
  return new Promise((done) => guardedLookup(answering(address))('hook.example.com', { all: true }, (error) => done(!error)));
}

const RUNS = { numRuns: 400 };

describe('the webhook target rule over generated addresses (fast-check)', () => {
  it('an IPv4 address is allowed exactly when it is public unicast, in every notation', async () => {
    await fc.assert(
      fc.asyncProperty(
        ipv4.chain((n) => fc.tuple(fc.constant(n), ipv4Notation(n))),
        async ([n, written]) => {
          const expected = publicV4(n);
          assert.equal(await registrationAllows(written), expected, `registration of ${written} (${dotted(n)})`);
          assert.equal(await sendTimeAllows(dotted(n)), expected, `DNS answer ${dotted(n)}`);
        },
      ),
      RUNS,
    );
  });

  it('an IPv6 address carrying an IPv4 address (mapped, NAT64, 6to4) is judged by that IPv4 address', async () => {
    await fc.assert(
      fc.asyncProperty(
        ipv4.chain((n) => fc.tuple(fc.constant(n), carrying(n))),
        async ([n, written]) => {
          const expected = publicV4(n);
          assert.equal(await registrationAllows(written), expected, `registration of ${written} (${dotted(n)})`);
          const canonical = new URL(`http://${written}/`).hostname.slice(1, -1);
          assert.equal(await sendTimeAllows(canonical), expected, `DNS answer ${canonical}`);
        },
      ),
      RUNS,
    );
  });

  it('a Teredo address is allowed only when both its server and its (inverted) client IPv4 are', async () => {
    await fc.assert(
      fc.asyncProperty(ipv4, ipv4, fc.integer({ min: 0, max: 65535 }), async (server, client, port) => {
        const inverted = 2 ** 32 - 1 - client;
        const written = `[2001:0:${hex16(highWord(server))}:${hex16(lowWord(server))}:8000:${hex16(port)}:${hex16(highWord(inverted))}:${hex16(lowWord(inverted))}]`;
        const expected = publicV4(server) && publicV4(client);
        assert.equal(await registrationAllows(written), expected, `${written} (${dotted(server)}, ${dotted(client)})`);
        assert.equal(await sendTimeAllows(written.slice(1, -1)), expected);
      }),
      RUNS,
    );
  });

  it('an IPv4-compatible address (::a.b.c.d, ::/96) is refused whatever IPv4 it spells', async () => {
    await fc.assert(
      fc.asyncProperty(ipv4, fc.boolean(), async (n, asHex) => {
        const inner = asHex ? `${hex16(highWord(n))}:${hex16(lowWord(n))}` : dotted(n);
        assert.equal(await registrationAllows(`[::${inner}]`), false, `[::${inner}]`);
        // inet_ntop (so a DNS answer) prints this range in the dotted form.
        assert.equal(await sendTimeAllows(`::${dotted(n)}`), false, `::${dotted(n)}`);
      }),
      RUNS,
    );
  });

  it('other IPv6 addresses: allowed only inside 2000::/3 minus its special-purpose ranges', async () => {
    const words = fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 });
    const first = fc.oneof(
      fc.integer({ min: 0, max: 0xffff }),
      fc.integer({ min: 0x2000, max: 0x3fff }),
      fc.constantFrom(0x2001, 0x2620, 0x3fff, 0x1fff, 0x4000, 0xfc00, 0xfe80, 0xff02),
    );
    const second = fc.oneof(
      fc.integer({ min: 0, max: 0xffff }),
      fc.constantFrom(0, 1, 2, 3, 4, 0x10, 0x20, 0x30, 0x1ff, 0x200, 0xdb8, 0x4f),
    );
    await fc.assert(
      fc.asyncProperty(first, second, words, fc.nat(3), async (w0, w1, rest, style) => {
        const w = [w0, w1, ...rest.slice(2)];
        if (w0 === 0 || w0 === 0x64 || w0 === 0x2002 || (w0 === 0x2001 && w1 === 0)) return; // covered above
        const value = w.reduce((acc, word) => (acc << 16n) | BigInt(word), 0n);
        const inRange = (bits: number, ...prefix: number[]) => {
          const base = [...prefix, 0, 0, 0, 0, 0, 0, 0, 0].slice(0, 8).reduce((acc, word) => (acc << 16n) | BigInt(word), 0n);
          return value >> BigInt(128 - bits) === base >> BigInt(128 - bits);
        };
        const expected =
          inRange(3, 0x2000) &&
          !inRange(23, 0x2001, 0) &&
          !inRange(32, 0x2001, 0xdb8) &&
          !inRange(48, 0x2620, 0x4f, 0x8000) &&
          !inRange(20, 0x3fff);
        const full = w.map((word) => word.toString(16).padStart(4, '0')).join(':');
        const written = [full, full.toUpperCase(), w.map(hex16).join(':'), new URL(`http://[${full}]/`).hostname.slice(1, -1)][style]!;
        assert.equal(await registrationAllows(`[${written}]`), expected, written);
        assert.equal(await sendTimeAllows(written), expected, written);
        assert.equal(nonPublicReason(written) === undefined, expected, written);
      }),
      { numRuns: 2000 },
    );
  });
});
