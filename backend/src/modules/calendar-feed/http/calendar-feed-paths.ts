/** The feed's address, `/calendar/{token}.ics`: answered by CalendarFeedController, never the dashboard's page. */
export const isCalendarFeedPath = (path: string): boolean => path.startsWith('/calendar/');
