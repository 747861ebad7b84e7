/** True for IANA zone names the runtime knows (Europe/Berlin, America/New_York, UTC). */
export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}
