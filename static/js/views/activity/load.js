// Load: a page of the activity as the filters say, and the same entries as a CSV file.

export const PAGE_SIZE = 50;

/** The filters' query: who, what and the local dates, empty ones left out. */
export const queryOf = ({ who, what, from, to }) => ({
  actorKind: who || undefined,
  targetKind: what || undefined,
  from: from || undefined,
  to: to || undefined,
});

export const loadActivity = (api, filters, page) =>
  api.call('adminListAuditEntries', { query: { ...queryOf(filters), page, limit: PAGE_SIZE } });

export const loadActivityCsv = (api, filters) => api.text('adminExportAuditEntries', { query: queryOf(filters) });

/** The salon's services, by whose names the changes to a staff member's services are said. */
export const loadServices = (api) => api.list('adminListServices');
