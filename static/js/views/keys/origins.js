// The websites a key may be used from, as people type them.

/** "https://www.mysalon.com/book" → "www.mysalon.com": people paste addresses, the server wants host names. */
export function originsFrom(text) {
  return text
    .split(/[\s,]+/)
    .map((entry) =>
      entry
        .trim()
        .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
        .replace(/[/?#].*$/, '')
        .replace(/:\d+$/, ''),
    )
    .filter(Boolean);
}
