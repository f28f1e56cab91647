import {
  PAID_BOOKING_STATUSES,
  UNPAID_BOOKING_STATUSES,
  type BookingConfirmResponse,
  type BookingCreatedResponse,
  type BookingView,
  type BookingsPage,
  type LocalConfirmResponse,
  type ManagedBookingView,
  type PaymentConfigView,
  type SubscriptionView,
} from '@linkbio/shared-contracts';
import {
  anyOf,
  arrayOf,
  boolean,
  component,
  constant,
  dateTime,
  integer,
  nullable,
  object,
  objectOf,
  oneOfValues,
  optional,
  string,
  uuid,
} from '../../../shared/http/openapi/schema.js';
import { BookedLocationSchema, IntakeAnswerSchema } from '../../../shared/http/openapi/booked-session.schemas.js';

/** The billing answers' shapes, for the API description. Amounts are integer cents. */
const BOOKING_STATUSES = [...UNPAID_BOOKING_STATUSES, ...PAID_BOOKING_STATUSES];
const cents = { ...integer, description: 'Integer cents.' };

export const PaymentConfig = component(
  'PaymentConfigView',
  objectOf<PaymentConfigView>()({
    paymentProvider: oneOfValues(['stripe', 'local']),
    stripePublishableKey: nullable(string),
  }),
);

export const BookingCreated = component(
  'BookingCreatedResponse',
  objectOf<BookingCreatedResponse>()({ clientSecret: string, userAmount: cents, platformFee: cents, amount: cents, discountCents: cents }),
);

const BookingViewSchema = component(
    'BookingView',
    objectOf<BookingView>()({
      id: uuid,
      customerName: string,
      customerEmail: string,
      customerPhone: nullable(string),
      message: nullable(string),
      amount: cents,
      userAmount: cents,
      platformFee: cents,
      status: oneOfValues(BOOKING_STATUSES),
      createdAt: dateTime,
      paidAt: nullable(dateTime),
      slotStart: nullable(dateTime),
      slotEnd: nullable(dateTime),
      sessionName: nullable(string),
      location: nullable(BookedLocationSchema),
      answers: arrayOf(IntakeAnswerSchema),
      source: { ...nullable(string), description: "The visit's utm_source, else the referring host; null: a direct visit." },
    }),
);
const BookingViews = arrayOf(BookingViewSchema);

/** POST /api/bookings/{id}/cancel: the booking, refunded (or refund_due while the refund is retried). */
export const BookingCancelled = component('BookingCancelledResponse', object({ booking: BookingViewSchema }));

/** GET /api/bookings: a page of paid bookings, the next page's cursor, the count of unpaid attempts. */
export const Bookings = component(
  'BookingsPage',
  objectOf<BookingsPage>()({ bookings: BookingViews, nextCursor: nullable(string), unpaidAttempts: integer }),
);

export const BookingConfirmed = component(
  'BookingConfirmResponse',
  objectOf<BookingConfirmResponse>()({ status: oneOfValues(BOOKING_STATUSES), returnUrl: string, message: optional(string) }),
);

export const LocalConfirmed = component(
  'LocalConfirmResponse',
  objectOf<LocalConfirmResponse>()({ status: constant('succeeded'), returnUrl: nullable(string) }),
);

/** SubscriptionCreatedResponse: a payment to confirm, or the account is premium already. */
export const SubscriptionCreated = component(
  'SubscriptionCreatedResponse',
  anyOf(object({ clientSecret: string }), object({ message: constant('Already subscribed') })),
);

export const Subscription = component(
  'SubscriptionView',
  objectOf<SubscriptionView>()({
    plan: oneOfValues(['free', 'premium']),
    status: oneOfValues(['none', 'incomplete', 'active', 'canceling', 'canceled', 'past_due']),
    currentPeriodEnd: nullable(dateTime),
    cancelAtPeriodEnd: boolean,
  }),
);

export const WebhookReceived = component('WebhookReceived', object({ received: constant(true) }));

/** GET/POST /api/booking-manage/{token}…: a paid session as its visitor manages it through their private link. */
export const ManagedBooking = component(
  'ManagedBookingView',
  objectOf<ManagedBookingView>()({
    creator: object({ username: string, displayName: string }),
    slotStart: dateTime,
    slotEnd: dateTime,
    timeZone: string,
    visitorTimeZone: nullable(string),
    amount: cents,
    status: oneOfValues(PAID_BOOKING_STATUSES),
    cancellationHours: integer,
    refundOnCancel: boolean,
    canCancel: boolean,
    canReschedule: boolean,
    sessionName: nullable(string),
    location: nullable(BookedLocationSchema),
  }),
);
