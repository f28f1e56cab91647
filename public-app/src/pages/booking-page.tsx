import { bookingAmounts, formatCents, PLATFORM_FEE_PERCENT } from '@linkbio/shared-contracts';
import { Avatar } from '../components/avatar';
import { Document } from '../components/document';
import { ChevronLeftIcon } from '../components/icons';
import { BookingFlow } from '../booking/booking-flow';
import { BOOKING_ROOT_ID } from '../booking/booking-root';
import { pageLook } from '../lib/look';
import { pageUrl } from '../lib/urls';
import type { BookingPageInput } from '../page-model';
import { Texts } from '../texts';
import { bookingPriceShown } from './bio-page';

export interface ClientScript {
  /** The hashed module's address, under /p/assets/. */
  src: string;
  /** Chunks it imports, to preload in parallel. */
  preload: string[];
}

/** The time zones the server's runtime knows (the browser reads the same list back from the page's select). */
const serverZones = (): string[] => Intl.supportedValuesOf('timeZone');

/**
 * /book/{username}: rendered on the server like the bio page; the booking steps hydrate with a small client
 * bundle, from the same data (the week of open times rides in data-times). Without booking switched on and a
 * price, it says so and offers the way back.
 */
export function BookingPage({
  user,
  origin,
  times,
  css,
  script,
}: BookingPageInput & { css: string; script: ClientScript | null }) {
  const look = pageLook(user, origin);
  const price = bookingPriceShown(user);
  const title = `${Texts.bookingPageTitle} ${Texts.bookingWith(user.displayName)}`;
  const description =
    price !== null
      ? `${title}: $${formatCents(price)} ${Texts.perSession}.`
      : Texts.bookingUnavailableMessage(user.displayName);
  const bookable = price !== null && script !== null;
  return (
    <Document
      title={title}
      description={description}
      canonical={pageUrl(origin, `/book/${user.username}`)}
      themeColor={look.themeColor}
      css={css}
      bodyClassName={`${look.className} booking`}
      bodyStyle={look.backgroundColor ? { backgroundColor: look.backgroundColor } : undefined}
      head={
        bookable && (
          <>
            <script type="module" src={script.src} />
            {script.preload.map((href) => (
              <link key={href} rel="modulepreload" href={href} />
            ))}
          </>
        )
      }
    >
      <div className="screen" style={look.backgroundColor ? { background: look.backgroundColor } : undefined}>
        {look.backgroundImage && (
          <img className="bg-img" src={look.backgroundImage} alt="" width={1200} height={1600} decoding="async" />
        )}
        <main className="page">
          <a className="back" href={`/${user.username}`}>
            <ChevronLeftIcon />
            {Texts.backToProfile(user.displayName)}
          </a>
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
            >
              <BookingFlow username={user.username} times={times} zones={times ? serverZones() : []} />
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
        </main>
      </div>
    </Document>
  );
}
