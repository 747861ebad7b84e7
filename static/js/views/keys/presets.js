// The presets of spec section 5 (adminListScopes' catalog) in the page's language: the server
// names them in English ("Booking widget"), as its CLI does; one the page does not know keeps it.

import { marked, t } from '../../locale.js';

const PRESET_LABELS = {
  widget: marked('Booking widget'),
  display: marked('Display only'),
  crm: marked('Full CRM integration'),
};

/** What each preset is for, in the words of someone setting one up. */
const PRESET_PURPOSE = {
  widget: marked('For a booking form on your website: it sees services, staff and free times, and makes bookings.'),
  display: marked('For showing your salon on a website: details, services, staff and reviews. It cannot book.'),
  crm: marked('For a customer-management program: everything except reviews, and it is notified of changes.'),
};

/** The preset `name`'s label (the catalog's `preset`), in the page's language. */
export const presetLabel = (name, preset) => (PRESET_LABELS[name] ? t(PRESET_LABELS[name]) : preset.label);

/** What the preset `name` is for, or null. */
export const presetPurpose = (name) => (PRESET_PURPOSE[name] ? t(PRESET_PURPOSE[name]) : null);
