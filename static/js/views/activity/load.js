// Load: a page of the activity as the filters say, and the same entries as a CSV file.

export const PAGE_SIZE = 50;

/** The filters' query: who (a kind, or one person: `person:12`), what and the local dates, empty ones left out. */
export const queryOf = ({ who, what, from, to }) => ({
  actorKind: who ? who.split(':')[0] : undefined,
  actorId: who?.startsWith('person:') ? Number(who.slice('person:'.length)) : undefined,
  targetKind: what || undefined,
  from: from || undefined,
  to: to || undefined,
});

export const loadActivity = (api, filters, page) =>
  api.call('adminListAuditEntries', { query: { ...queryOf(filters), page, limit: PAGE_SIZE } });

export const loadActivityCsv = (api, filters) => api.text('adminExportAuditEntries', { query: queryOf(filters) });

/** The people with an account, each one a choice of the filter "Who" (the owner's page). */
export const loadPeople = (api) => api.list('adminListUsers');

/** The salon's services, by whose names the changes to a staff member's services are said. */
export const loadServices = (api) => api.list('adminListServices');
