/**
 * allowedOrigins entries are host names; "*.example.com" admits every subdomain of example.com
 * (not example.com itself). Requests are matched on the host of Origin, or of Referer without it.
 */

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Normalises an entry, or returns undefined when it is not a host name pattern. */
export function normaliseOriginPattern(entry: string): string | undefined {
  const value = entry.trim().toLowerCase().replace(/\.$/, '');
  const host = value.startsWith('*.') ? value.slice(2) : value;
  if (host.length === 0 || host.length > 253) return undefined;
  const labels = host.split('.');
  return labels.every((label) => HOST_LABEL.test(label)) ? value : undefined;
}

/**
 * Why a wildcard entry is too wide, or undefined. "*.com", "*.co.uk" or "*.github.io" would let
 * any site under a public suffix — anyone can register one — use the key from a browser. Public
 * suffixes come from the Public Suffix List (ICANN and private sections, via tldts), loaded only
 * when a wildcard is given; a single label ("*.localhost", an unknown TLD) counts as one too.
 */
export async function wildcardTooWide(pattern: string): Promise<string | undefined> {
  if (!pattern.startsWith('*.')) return undefined;
  const host = pattern.slice(2);
  const { getPublicSuffix } = await import('tldts');
  const suffix = getPublicSuffix(host, { allowPrivateDomains: true });
  if (suffix !== host && host.includes('.')) return undefined;
  return `"${pattern}" would admit every site under the public suffix "${host}"; name your own domain, such as *.example.${host}`;
}

export function hostMatches(host: string, patterns: readonly string[]): boolean {
  const candidate = host.toLowerCase().replace(/\.$/, '');
  return patterns.some((pattern) =>
    pattern.startsWith('*.') ? candidate.endsWith(pattern.slice(1)) && candidate.length > pattern.length - 1 : candidate === pattern,
  );
}

/** The host a browser request comes from: Origin first, then Referer; undefined when neither parses. */
export function requestHost(origin: string | undefined, referer: string | undefined): string | undefined {
  for (const value of [origin, referer]) {
    if (!value || value === 'null') continue;
    try {
      const url = new URL(value);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.hostname;
    } catch {
      // Not a URL; try the next header.
    }
  }
  return undefined;
}
