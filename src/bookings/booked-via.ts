/**
 * Where a booking came from, in the salon's terms: its desk (the admin API), its website (the
 * booking page's key) or a connected program (any other API key). The report's bookings by source
 * and the admin API's `bookedVia` (the bookings CSV) say it by this one rule.
 */
export type BookedVia = 'desk' | 'website' | 'integration';

export const bookedVia = ({ source, key_kind }: { source: string; key_kind: string | null }): BookedVia =>
  source === 'admin' ? 'desk' : key_kind === 'page' ? 'website' : 'integration';
