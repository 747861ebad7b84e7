// Load: what the calendar shows for the days from `first` to `last`, and the time off of each
// staff member who takes bookings (a second round: it needs the staff).

/** Services, staff, the days' bookings, closures, holds, and a Map of time off by staff id. */
export async function loadCalendar(api, first, last) {
  const [services, staff, bookings, closures, holds] = await Promise.all([
    api.list('adminListServices'),
    api.list('adminListStaff'),
    api.all('adminListBookings', { query: { from: first, to: last } }),
    api.list('adminListClosures'),
    api.list('adminListHolds'),
  ]);
  const working = staff.filter((s) => s.active);
  const timeOff = await Promise.all(working.map((s) => api.list('adminListTimeOff', { staffId: s.id })));
  return { services, staff, bookings, closures, holds, timeOff: new Map(working.map((s, i) => [s.id, timeOff[i]])) };
}
