import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** dns.lookup's shape; tests inject their own to play DNS tricks. */
export type Lookup = typeof dns.lookup;

/** Why an address is refused as a webhook target; undefined for a public unicast address. */
export function nonPublicReason(address: string): string | undefined {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // process() turns IPv4-mapped IPv6 (::ffff:10.0.0.1) into the IPv4 address it carries.
    parsed = ipaddr.process(address);
  } catch {
    return 'not an IP address';
  }
  const range = parsed.range();
  if (range === 'unicast') return undefined;
  const names: Record<string, string> = {
    loopback: 'a loopback address',
    private: 'a private address',
    linkLocal: 'a link-local address (cloud metadata lives here)',
    uniqueLocal: 'a private (unique local) address',
    multicast: 'a multicast address',
    unspecified: 'the unspecified address',
    broadcast: 'the broadcast address',
    carrierGradeNat: 'a carrier-grade NAT address',
  };
  return names[range] ?? `a reserved address (${range})`;
}

export class TargetRefusedError extends Error {
  readonly code = 'ETARGETREFUSED';
}

/**
 * A lookup that fails for non-public addresses. Given to the HTTP client as its connect-time
 * resolver, it checks the very addresses the socket connects to, so a DNS answer that changes
 * after registration (rebinding) cannot reach the inside.
 */
export function guardedLookup(resolve: Lookup): Lookup {
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

export type TargetCheck =
  | { ok: true }
  | { ok: false; reason: string };

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
    if (addresses.code === 'ENOTFOUND') return { ok: false, reason: `the host ${host} cannot be found` };
    return { ok: true };
  }
  for (const { address } of addresses) {
    const reason = nonPublicReason(address);
    if (reason) return { ok: false, reason: `${host} resolves to ${address}, ${reason}` };
  }
  return { ok: true };
}
