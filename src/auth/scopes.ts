/** Scopes of spec section 5: what each API key may do. */
export const SCOPES = [
  'business:read',
  'services:read',
  'staff:read',
  'slots:read',
  'bookings:read',
  'bookings:write',
  'reviews:read',
  'webhooks:manage',
] as const;

export type Scope = (typeof SCOPES)[number];

/** The "typical sets" of spec section 5, offered as presets by the CLI and the status page. */
export const SCOPE_PRESETS: Readonly<Record<string, { label: string; scopes: readonly Scope[] }>> = {
  widget: {
    label: 'Booking widget',
    scopes: ['services:read', 'staff:read', 'slots:read', 'bookings:write'],
  },
  display: {
    label: 'Display only',
    scopes: ['business:read', 'services:read', 'staff:read', 'reviews:read'],
  },
  crm: {
    label: 'Full CRM integration',
    scopes: ['business:read', 'services:read', 'staff:read', 'slots:read', 'bookings:read', 'bookings:write', 'webhooks:manage'],
  },
};
