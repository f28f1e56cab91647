import { hydrateRoot } from 'react-dom/client';
import { BookingFlow } from './booking/booking-flow';
import { BOOKING_ROOT_ID } from './booking/booking-root';

/** The booking page's only script: hydrates the server-rendered booking steps (see pages/booking-page.tsx). */
const root = document.getElementById(BOOKING_ROOT_ID);
if (root) hydrateRoot(root, <BookingFlow username={root.dataset.username ?? ''} />);
