// Load: a page of the activity as the filters say.

export const PAGE_SIZE = 50;

/** The filters' query: who (a kind, or one person: `person:12`), what and the local dates, empty ones left out. */
export const queryOf = ({ who, what, from, to }) => ({
  actorKind: who ? who.split(':')[0] : undefined,
  actorId: who?.startsWith('person:') ? Number(who.slice('person:'.length)) : undefined,
  targetKind: what || undefined,
  from: from || undefined,
  to: to || undefined,
});

const FILTERS = ['who', 'what', 'from', 'to'];

/**
 * The address of the filters, so a reload, a shared link and Back keep them:
 * #activity/who=person:12&what=booking&from=2026-11-01&to=2026-11-30 (#activity without any).
 */
export function activityAddress(filters) {
  const chosen = new URLSearchParams(FILTERS.filter((name) => filters[name]).map((name) => [name, filters[name]]));
  return chosen.size ? `#activity/${chosen.toString().replaceAll('%3A', ':')}` : '#activity';
}

/** The filters an address holds (the route's id, after "#activity/"); empty ones as ''. */
export function filtersOf(id) {
  const read = new URLSearchParams(id ?? '');
  return Object.fromEntries(FILTERS.map((name) => [name, read.get(name) ?? '']));
}

export const loadActivity = (api, filters, page, limit = PAGE_SIZE) =>
  api.call('adminListAuditEntries', { query: { ...queryOf(filters), page, limit } });

/** The people with an account, each one a choice of the filter "Who" (the owner's page). */
export const loadPeople = (api) => api.list('adminListUsers');

/** The salon's services, by whose names the changes to a staff member's services are said. */
export const loadServices = (api) => api.list('adminListServices');
