import { X509Certificate } from 'node:crypto';
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

/** The name a TLS certificate is for (its first DNS name that is not a wildcard), or undefined. */
export function certificateName(pem: string): string | undefined {
  try {
    const names = (new X509Certificate(pem).subjectAltName ?? '').split(/,\s*/);
    return names.find((name) => name.startsWith('DNS:') && !name.startsWith('DNS:*'))?.slice('DNS:'.length);
  } catch {
    return undefined;
  }
}

/**
 * Where people open the back office, after the server says it is running at `url`: a browser keeps
 * passkeys for a name, never for an address such as 127.0.0.1, and an invitation link carries the
 * address the owner opened the page at. So the lines name the public address when one is set; over
 * HTTPS the name its certificate is for; else localhost on this computer, and the computer's name
 * (then its addresses) for the salon's other devices when the server listens on every network.
 */
export function whereToOpen(
  url: string,
  options: { readonly publicUrl?: string; readonly certificateName?: string },
  machine: Machine,
): string[] {
  const at = (host: string) => {
    const address = new URL(url);
    address.hostname = host;
    return address.href;
  };
  if (options.publicUrl)
    return [`Open ${new URL(options.publicUrl).href} in a browser: the salon's devices and clients reach the server there.`];
  const { hostname, protocol } = new URL(url);
  if (protocol === 'https:' && options.certificateName)
    return [`Open ${at(options.certificateName)} in a browser: the name the server's certificate is for.`];
  if (LOOPBACK.test(hostname))
    return [
      `Open ${at('localhost')} in a browser on this computer. Only this computer reaches the server; for the salon's other devices, see BOOKING_HOST and BOOKING_PUBLIC_URL in the README.`,
    ];
  const others = EVERYWHERE.has(hostname) ? [at(machine.name), ...machine.addresses.map((address) => at(address))] : [at(hostname)];
  return [
    `Open ${at('localhost')} in a browser on this computer; the salon's other devices open ${others[0]}${others.length > 1 ? ` (or ${others.slice(1).join(', ')})` : ''}.`,
  ];
}
