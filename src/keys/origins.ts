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
