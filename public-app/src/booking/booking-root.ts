/** The element the booking script hydrates; it carries the creator's username in data-username. */
export const BOOKING_ROOT_ID = 'booking';
