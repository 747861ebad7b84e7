import { hostname, networkInterfaces } from 'node:os';

/** What the server can tell about the computer it runs on (os's answers; a test passes its own). */
export interface Machine {
  readonly name: string;
  /** This computer's addresses on its networks (IPv4, not loopback). */
  readonly addresses: readonly string[];
}

export function thisMachine(): Machine {
  const addresses = Object.values(networkInterfaces())
    .flat()
    .filter((one) => one && one.family === 'IPv4' && !one.internal)
    .map((one) => one!.address);
  return { name: hostname(), addresses };
}

const LOOPBACK = /^(127\.|\[::1\]$|localhost$)/;
const EVERYWHERE = new Set(['0.0.0.0', '[::]']);

/**
 * Where people open the back office, after the server says it is running at `url`: a browser keeps
 * passkeys for a name, never for an address such as 127.0.0.1, and an invitation link carries the
 * address the owner opened the page at. So the lines name localhost on this computer, and the
 * computer's name (then its addresses) for the salon's other devices when the server listens on
 * every network, or the public address when one is set.
 */
export function whereToOpen(url: string, publicUrl: string | undefined, machine: Machine): string[] {
  const listening = new URL(url);
  const at = (host: string) => `${listening.protocol}//${host}:${listening.port}/`;
  if (publicUrl) return [`Open ${publicUrl.replace(/\/?$/, '/')} in a browser: the salon's devices and clients reach the server there.`];
  if (LOOPBACK.test(listening.hostname))
    return [
      `Open ${at('localhost')} in a browser on this computer. Only this computer reaches the server; for the salon's other devices, see BOOKING_HOST and BOOKING_PUBLIC_URL in the README.`,
    ];
  const others = EVERYWHERE.has(listening.hostname)
    ? [at(machine.name), ...machine.addresses.map((address) => at(address))]
    : [at(listening.hostname)];
  return [
    `Open ${at('localhost')} in a browser on this computer; the salon's other devices open ${others[0]}${others.length > 1 ? ` (or ${others.slice(1).join(', ')})` : ''}.`,
  ];
}
