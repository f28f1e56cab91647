import { bookingAmounts, formatCents, PLATFORM_FEE_PERCENT } from '@linkbio/shared-contracts';
import { Avatar } from '../components/avatar';
import { SubPage, type ClientScript } from '../components/sub-page';
import { BookingFlow } from '../booking/booking-flow';
import { BOOKING_ROOT_ID } from '../booking/booking-root';
import type { BookingPageInput } from '../page-model';
import { Texts } from '../texts';
import { bookingPriceShown } from './bio-page';

export type { ClientScript } from '../components/sub-page';

/** The time zones the server's runtime knows (the browser reads the same list back from the page's select). */
const serverZones = (): string[] => Intl.supportedValuesOf('timeZone');

/**
 * /book/{username}(?type={id}): rendered on the server like the bio page; the booking steps hydrate with a small
 * client bundle, from the same data (the week of open times rides in data-times, the session types in data-types:
 * names, lengths, prices, questions and where they meet by kind, never an address). The price shown is the chosen
 * type's; with several types and none chosen yet, each type shows its own in the first step. Without booking
 * switched on and a price, it says so and offers the way back.
 */
export function BookingPage({
  user,
  origin,
  times,
  offersList = false,
  sessionTypes = [],
  sessionTypeId = null,
  attribution = null,
  css,
  script,
}: BookingPageInput & { css: string; script: ClientScript | null }) {
  const several = sessionTypes.length > 1;
  const chosen = sessionTypes.find((type) => type.id === sessionTypeId) ?? (several ? null : (sessionTypes[0] ?? null));
  const open = sessionTypes.length > 0 ? user.enableBooking : bookingPriceShown(user) !== null;
  const price = !open ? null : chosen ? chosen.priceCents : sessionTypes.length > 0 ? null : bookingPriceShown(user);
  const lowest = Math.min(...sessionTypes.map((type) => type.priceCents));
  const title = `${Texts.bookingPageTitle} ${Texts.bookingWith(user.displayName)}`;
  const description = !open
    ? Texts.bookingUnavailableMessage(user.displayName)
    : price !== null
      ? `${title}: $${formatCents(price)} ${Texts.perSession}.`
      : `${title}: ${Texts.fromPrice(formatCents(lowest))} ${Texts.perSession}.`;
  const bookable = open && script !== null;
  return (
    <SubPage
      user={user}
      origin={origin}
      title={title}
      description={description}
      path={`/book/${user.username}`}
      css={css}
      script={bookable ? script : null}
    >
      <header className="profile profile-sm">
        <Avatar user={user} origin={origin} size={72} />
        <h1>{Texts.bookingPageTitle}</h1>
        <p className="handle">{Texts.bookingWith(user.displayName)}</p>
        {price !== null && (
          <>
            <p className="price">
              <strong>${formatCents(price)}</strong> {Texts.perSession}
            </p>
            <p className="price-fee">
              {Texts.priceWithFee(
                formatCents(bookingAmounts(price).amount),
                formatCents(bookingAmounts(price).platformFee),
                PLATFORM_FEE_PERCENT,
              )}
            </p>
          </>
        )}
      </header>
      {bookable ? (
        <div
          id={BOOKING_ROOT_ID}
          data-username={user.username}
          data-times={times ? JSON.stringify(times) : undefined}
          data-list={offersList ? 'true' : undefined}
          data-types={sessionTypes.length > 0 ? JSON.stringify(sessionTypes) : undefined}
          data-type={chosen?.id}
          data-attribution={attribution ? JSON.stringify(attribution) : undefined}
        >
          <BookingFlow
            username={user.username}
            times={times}
            zones={times ? serverZones() : []}
            offersList={offersList}
            sessionTypes={sessionTypes}
            sessionTypeId={chosen?.id ?? null}
            attribution={attribution}
          />
        </div>
      ) : (
        <section className="panel">
          <h2>{Texts.bookingUnavailableTitle}</h2>
          <p className="panel-text">{Texts.bookingUnavailableMessage(user.displayName)}</p>
          <a className="btn-primary" href={`/${user.username}`}>
            {Texts.backToProfile(user.displayName)}
          </a>
        </section>
      )}
    </SubPage>
  );
}
