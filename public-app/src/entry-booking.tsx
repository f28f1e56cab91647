import type { BookingTimesView, PublicSessionType } from '@linkbio/shared-contracts';
import { hydrateRoot } from 'react-dom/client';
import { BookingFlow } from './booking/booking-flow';
import { BOOKING_ROOT_ID } from './booking/booking-root';
import { attributionOrNull } from './lib/attribution';

/**
 * The booking page's only script: hydrates the server-rendered booking steps (see pages/booking-page.tsx) with
 * the server's data: the week of open times from data-times, whether the e-mail list is offered from data-list, the
 * session types and the chosen one from data-types and data-type, and the time zones from the zone select's options
 * (the list the server rendered, so the hydrated select matches it).
 */
const root = document.getElementById(BOOKING_ROOT_ID);
if (root) {
  const times = root.dataset.times ? (JSON.parse(root.dataset.times) as BookingTimesView) : null;
  const zones = Array.from(
    root.querySelectorAll<HTMLOptionElement>('select[name="tz"] option'),
    (option) => option.value,
  );
  const sessionTypes = root.dataset.types ? (JSON.parse(root.dataset.types) as PublicSessionType[]) : [];
  const attribution = root.dataset.attribution ? attributionOrNull(JSON.parse(root.dataset.attribution)) : null;
  hydrateRoot(
    root,
    <BookingFlow
      username={root.dataset.username ?? ''}
      times={times}
      zones={zones}
      offersList={root.dataset.list === 'true'}
      sessionTypes={sessionTypes}
      sessionTypeId={root.dataset.type ?? null}
      attribution={attribution}
    />,
  );
}
