import { describeLocation, type BookedLocation, type BookingView } from '@linkbio/shared-contracts';

/** Only web addresses become links; anything else stays text. */
const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

/** Where the session takes place: a video room as a link that opens apart from the dashboard, else one line. */
function MeetingPlace({ location }: { location: BookedLocation }) {
  if (location.kind === 'video' && isWebAddress(location.url)) {
    return (
      <p className="text-sm break-all">
        Video call:{' '}
        <a
          className="font-medium underline underline-offset-2"
          href={location.url}
          target="_blank"
          rel="noopener noreferrer"
        >
          {location.url}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </p>
    );
  }
  return <p className="text-sm break-words">{describeLocation(location)}</p>;
}

/**
 * What a booking was booked as: the session type's name, where it takes place and the visitor's answers to the
 * type's questions (as they were asked). Nothing for a booking made before session types.
 */
export function BookingSession({ booking }: { booking: BookingView }) {
  const answers = booking.answers ?? [];
  if (!booking.sessionName && !booking.location && answers.length === 0) return null;
  return (
    <div className="space-y-1">
      {booking.sessionName ? <p className="text-sm font-medium break-words">{booking.sessionName}</p> : null}
      {booking.location ? <MeetingPlace location={booking.location} /> : null}
      {answers.length > 0 ? (
        <dl
          aria-label={`Answers of ${booking.customerName}`}
          className="mt-2 space-y-1.5 rounded-md bg-muted/50 p-2.5 text-sm"
        >
          {answers.map((item, index) => (
            <div key={index}>
              <dt className="font-medium break-words">{item.question}</dt>
              <dd className="break-words whitespace-pre-line text-foreground/80">{item.answer}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}
