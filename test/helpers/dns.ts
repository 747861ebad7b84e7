import dns from 'node:dns';
import type { Lookup } from '../../src/delivery/targets.ts';

/**
 * A resolver with a table of answers (a function per host, so answers can change over time);
 * hosts not in the table get ENOTFOUND. Shaped like dns.lookup.
 */
export function fakeLookup(table: Record<string, () => string>): Lookup {
  const lookup = (hostname: string, options: any, callback: any) => {
    if (typeof options === 'function') {
      callback = options;
      options = {};
    }
    const answer = table[hostname];
    setImmediate(() => {
      if (!answer) {
        return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname }));
      }
      const address = answer();
      const family = address.includes(':') ? 6 : 4;
      if (options?.all) callback(null, [{ address, family }]);
      else callback(null, address, family);
    });
  };
  return lookup as Lookup;
}

export const realLookup: Lookup = dns.lookup;
