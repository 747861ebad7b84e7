/** The host a URL points at (what staff call a connection without a description), or the URL itself when it is not one. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
