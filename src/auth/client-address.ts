import ipaddr from 'ipaddr.js';

/**
 * What a limit per client address counts: an IPv4 address as it is (an IPv4 in IPv6 clothing as
 * that IPv4), an IPv6 address by its /64, since one home or phone is given a whole /64 and could
 * otherwise take a new address for every request.
 */
export function clientNetwork(ip: string): string {
  const bare = ip.replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return ip;
  const address = ipaddr.process(bare);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}
