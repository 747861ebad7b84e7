// Load: what the calendar shows for the days from `first` to `last`, and the time off of each
// staff member who takes bookings (a second round: it needs the staff).

/**
 * Services, staff, the days' bookings, closures, holds, and a Map of time off by staff id. A
 * stylist (`me`, who is signed in) sees their own column only: their bookings and time off, no
 * holds (the server gives a stylist nothing of a colleague's).
 */
export async function loadCalendar(api, first, last, me = null) {
  const own = me?.role === 'stylist' ? me.staffId : null;
  const [services, allStaff, bookings, closures, holds] = await Promise.all([
    api.list('adminListServices'),
    api.list('adminListStaff'),
    api.all('adminListBookings', { query: { from: first, to: last, staffId: own ?? undefined } }),
    api.list('adminListClosures'),
    own === null ? api.list('adminListHolds') : [],
  ]);
  const staff = own === null ? allStaff : allStaff.filter((s) => s.id === own);
  const working = staff.filter((s) => s.active);
  const timeOff = await Promise.all(working.map((s) => api.list('adminListTimeOff', { staffId: s.id })));
  return { services, staff, bookings, closures, holds, timeOff: new Map(working.map((s, i) => [s.id, timeOff[i]])) };
}
