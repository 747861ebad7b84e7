import type dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** dns.lookup's shape; tests inject their own to play DNS tricks. */
export type Lookup = typeof dns.lookup;

const IPV4_NAMES: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private address',
  linkLocal: 'a link-local address (cloud metadata lives here)',
  multicast: 'a multicast address',
  unspecified: 'the unspecified address',
  broadcast: 'the broadcast address',
  carrierGradeNat: 'a carrier-grade NAT address',
};

const IPV6_NAMES: Record<string, string> = {
  loopback: 'a loopback address',
  linkLocal: 'a link-local address',
  uniqueLocal: 'a private (unique local) address',
  multicast: 'a multicast address',
  unspecified: 'the unspecified address',
  deprecatedSiteLocal: 'a (deprecated) site-local address',
  rfc6145: 'an IPv4-translated address',
  reserved: 'a reserved or documentation address',
  benchmarking: 'a benchmarking address',
  deprecatedOrchid: 'an ORCHID address',
  orchid2: 'an ORCHIDv2 address',
};

const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96') as [ipaddr.IPv6, number];
const NAT64_LOCAL = ipaddr.parseCIDR('64:ff9b:1::/48') as [ipaddr.IPv6, number];
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96') as [ipaddr.IPv6, number];

/** The IPv4 address held in 32 bits of an IPv6 address, from 16-bit part `at`. */
function ipv4At(address: ipaddr.IPv6, at: number, flip = 0): ipaddr.IPv4 {
  const high = address.parts[at]! ^ (flip >>> 16);
  const low = address.parts[at + 1]! ^ (flip & 0xffff);
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

function ipv4Reason(address: ipaddr.IPv4): string | undefined {
  const range = address.range();
  if (range === 'unicast') return undefined;
  return IPV4_NAMES[range] ?? `a reserved address (${range})`;
}

/** An IPv4 carried inside an IPv6 address is judged as that IPv4 address. */
function carried(kind: string, inner: ipaddr.IPv4): string | undefined {
  const reason = ipv4Reason(inner);
  return reason && `${kind} carrying ${inner.toString()}, ${reason}`;
}

function ipv6Reason(address: ipaddr.IPv6): string | undefined {
  if (address.isIPv4MappedAddress()) return carried('an IPv4-mapped address', address.toIPv4Address());
  if (address.match(NAT64)) return carried('a NAT64 address', ipv4At(address, 6));
  if (address.match(NAT64_LOCAL)) return 'a local-use NAT64 address';
  if (!address.match(GLOBAL_UNICAST)) {
    const range = address.range();
    if (IPV6_NAMES[range]) return IPV6_NAMES[range];
    if (address.match(IPV4_COMPATIBLE)) return 'an IPv4-compatible address (deprecated, outside global unicast 2000::/3)';
    return 'outside global unicast (2000::/3)';
  }
  const range = address.range();
  if (range === 'unicast') return undefined;
  // 6to4 (RFC 3056): 2002:AABB:CCDD::/48 belongs to IPv4 AA.BB.CC.DD.
  if (range === '6to4') return carried('a 6to4 address', ipv4At(address, 1));
  // Teredo (RFC 4380): server IPv4 in bits 32-63, client IPv4 inverted in the last 32 bits.
  if (range === 'teredo') {
    return carried('a Teredo address', ipv4At(address, 2)) ?? carried('a Teredo address', ipv4At(address, 6, 0xffffffff));
  }
  return IPV6_NAMES[range] ?? `a special-purpose address (${range})`;
}

/**
 * THE rule for webhook targets, used at registration (IP literals and every address a name
 * resolves to) and at send time (literals, and every address of the DNS answer the socket would
 * use). Undefined means allowed: IPv4 only when ipaddr.js calls it plain unicast; IPv6 only inside
 * global unicast 2000::/3 minus its special ranges, and an IPv6 address that carries an IPv4
 * address (IPv4-mapped, NAT64, 6to4, Teredo) only when that IPv4 address is allowed.
 */
export function nonPublicReason(address: string): string | undefined {
  const v6 = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (net.isIPv6(v6)) {
    // ipaddr.js reads the dotted form "::a.b.c.d" (IPv4-compatible, as inet_ntop prints it) as
    // IPv4-mapped; the URL parser's canonical hexadecimal form keeps the two apart.
    return ipv6Reason(ipaddr.IPv6.parse(new URL(`http://[${v6}]/`).hostname.slice(1, -1)));
  }
  if (net.isIPv4(address)) return ipv4Reason(ipaddr.IPv4.parse(address));
  return 'not an IP address';
}

/**
 * The WHATWG Fetch standard's bad ports (https://fetch.spec.whatwg.org/#port-blocking, the table
 * as of July 2026), with the service the standard names for each: ports of protocols other than
 * HTTP, which browsers refuse to send HTTP requests to so that a request cannot talk to a mail,
 * SSH or file server in that server's own language. Port 0 heads the table: nothing listens there.
 */
const BAD_PORTS: ReadonlyMap<number, string> = new Map(
  Object.entries({
    0: '',
    1: 'tcpmux',
    7: 'echo',
    9: 'discard',
    11: 'systat',
    13: 'daytime',
    15: 'netstat',
    17: 'qotd',
    19: 'chargen',
    20: 'ftp-data',
    21: 'ftp',
    22: 'ssh',
    23: 'telnet',
    25: 'smtp',
    37: 'time',
    42: 'name',
    43: 'nicname',
    53: 'domain',
    69: 'tftp',
    77: '',
    79: 'finger',
    87: '',
    95: 'supdup',
    101: 'hostname',
    102: 'iso-tsap',
    103: 'gppitnp',
    104: 'acr-nema',
    109: 'pop2',
    110: 'pop3',
    111: 'sunrpc',
    113: 'auth',
    115: 'sftp',
    117: 'uucp-path',
    119: 'nntp',
    123: 'ntp',
    135: 'epmap',
    137: 'netbios-ns',
    139: 'netbios-ssn',
    143: 'imap',
    161: 'snmp',
    179: 'bgp',
    389: 'ldap',
    427: 'svrloc',
    465: 'submissions',
    512: 'exec',
    513: 'login',
    514: 'shell',
    515: 'printer',
    526: 'tempo',
    530: 'courier',
    531: 'chat',
    532: 'netnews',
    540: 'uucp',
    548: 'afp',
    554: 'rtsp',
    556: 'remotefs',
    563: 'nntps',
    587: 'submission',
    601: 'syslog-conn',
    636: 'ldaps',
    989: 'ftps-data',
    990: 'ftps',
    993: 'imaps',
    995: 'pop3s',
    1719: 'h323gatestat',
    1720: 'h323hostcall',
    1723: 'pptp',
    2049: 'nfs',
    3659: 'apple-sasl',
    4045: 'npp',
    4190: 'sieve',
    5060: 'sip',
    5061: 'sips',
    6000: 'x11',
    6566: 'sane-port',
    6665: 'ircu',
    6666: 'ircu',
    6667: 'ircu',
    6668: 'ircu',
    6669: 'ircu',
    6679: 'osaut',
    6697: 'ircs-u',
    10080: 'amanda',
  }).map(([port, service]) => [Number(port), service]),
);

/**
 * THE rule for a target's port, at registration and at send time, whether or not private targets
 * are allowed: never one of the Fetch standard's bad ports. Undefined means allowed; otherwise
 * the reason, e.g. "port 22, which is for ssh: …".
 */
export function badPortReason(url: URL): string | undefined {
  // The URL parser leaves the port empty when it is the scheme's default (80, 443): never a bad one.
  if (url.port === '') return undefined;
  const port = Number(url.port);
  if (port === 0) return 'port 0, which nothing can listen on';
  const service = BAD_PORTS.get(port);
  if (service === undefined) return undefined;
  return `port ${port}${service ? `, which is for ${service}` : ''}: browsers refuse to send HTTP there (one of the Fetch standard's bad ports), and so does this server`;
}

export class TargetRefusedError extends Error {
  readonly code = 'ETARGETREFUSED';
  /** The address, not the port: allowing private targets would let it through. */
  readonly privateAddress: boolean;

  constructor(message: string, { privateAddress = true } = {}) {
    super(message);
    this.privateAddress = privateAddress;
  }
}

/**
 * A lookup that fails for non-public addresses. Given to the HTTP client as its connect-time
 * resolver, it checks the very addresses the socket connects to, so a DNS answer that changes
 * after registration (rebinding) cannot reach the inside.
 */
export function guardedLookup(resolve: Lookup): Lookup {
  // biome-ignore lint/suspicious/noExplicitAny: dns.lookup's overloads take options and callbacks of several shapes
  const guarded = (hostname: string, options: any, callback: any) => {
    if (typeof options === 'function') {
      callback = options;
      options = {};
    }
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error);
      const list = addresses as unknown as dns.LookupAddress[];
      for (const { address } of list) {
        const reason = nonPublicReason(address);
        if (reason) return callback(new TargetRefusedError(`${hostname} resolves to ${address}, ${reason}`));
      }
      if (options.all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }));
      callback(null, first.address, first.family);
    });
  };
  return guarded as Lookup;
}

/** `notFound`: the host name does not resolve, which allowing private targets would not change. */
export type TargetCheck = { ok: true } | { ok: false; reason: string; notFound?: true };

/**
 * Registration-time check of a target URL: IP literals and every address the host resolves to
 * must be public. An unknown host is refused (a typo is better caught now); a resolver that
 * cannot answer right now is not held against the URL, as the send-time check still applies.
 */
export async function checkTarget(url: URL, resolve: Lookup): Promise<TargetCheck> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) {
    const reason = nonPublicReason(host);
    return reason ? { ok: false, reason: `${host} is ${reason}` } : { ok: true };
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return { ok: false, reason: `${host} is a loopback name` };
  const addresses = await new Promise<dns.LookupAddress[] | NodeJS.ErrnoException>((done) =>
    resolve(host, { all: true }, (error, list) => done(error ?? (list as dns.LookupAddress[]))),
  );
  if (!Array.isArray(addresses)) {
    if (addresses.code === 'ENOTFOUND') return { ok: false, reason: `the host ${host} cannot be found`, notFound: true };
    return { ok: true };
  }
  for (const { address } of addresses) {
    const reason = nonPublicReason(address);
    if (reason) return { ok: false, reason: `${host} resolves to ${address}, ${reason}` };
  }
  return { ok: true };
}
