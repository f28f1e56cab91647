import { LINK_BLOCK_KINDS, type AccountExport as AccountExportContract, type IntakeQuestion } from '@linkbio/shared-contracts';
import { anyOf, arrayOf, boolean, component, constant, date, dateTime, integer, nullable, object, objectOf, oneOfValues, optional, string, uuid } from '../../../shared/http/openapi/schema.js';
import { BookedLocationSchema, IntakeAnswerSchema } from '../../../shared/http/openapi/booked-session.schemas.js';

type Export = AccountExportContract;
type Item<T> = T extends Array<infer U> ? U : never;

const cents = { ...integer, description: 'Integer cents.' };
/** The visit a booking or sale came from (issue 29) and the buyer's country; null for those made before. */
const ATTRIBUTION_FIELDS = {
  source: nullable(string),
  medium: nullable(string),
  campaign: nullable(string),
  country: { ...nullable(string), description: "ISO 3166-1 alpha-2, or 'unknown' when the buyer's address named no country." },
};

/** A session type's fields (SessionTypeView): where to meet by kind, null when not set. */
const sessionTypeFields = {
  id: uuid,
  name: string,
  minutes: integer,
  priceCents: cents,
  description: string,
  location: nullable(
    anyOf(
      object({ kind: constant('video'), url: string }),
      object({ kind: constant('video_generated') }),
      object({ kind: constant('phone') }),
      object({ kind: constant('in_person'), address: string }),
    ),
  ),
  questions: arrayOf(
    objectOf<IntakeQuestion>()({ id: string, label: string, kind: oneOfValues(['short_text', 'long_text', 'choice']), required: boolean, choices: optional(arrayOf(string)) }),
  ),
  enabled: boolean,
};

/** The downloaded account data (ExportAccountDataUseCase), for the API description. */
export const AccountExportSchema = component(
  'AccountExport',
  objectOf<Export>()({
    exportedAt: dateTime,
    account: objectOf<Export['account']>()({
      id: uuid,
      username: string,
      email: string,
      displayName: string,
      bio: nullable(string),
      avatar: nullable(string),
      plan: { enum: ['free', 'premium'] },
      createdAt: dateTime,
      updatedAt: dateTime,
    }),
    look: objectOf<Export['look']>()({
      theme: string,
      backgroundColor: nullable(string),
      backgroundImage: nullable(string),
      buttonColor: nullable(string),
      buttonTextColor: nullable(string),
      buttonShape: string,
      socials: arrayOf(object({ platform: string, url: string })),
      socialsPosition: string,
      seo: object({ title: nullable(string), description: nullable(string), image: nullable(string) }),
    }),
    settings: objectOf<Export['settings']>()({
      payouts: object({ paypalEmail: nullable(string), cashappHandle: nullable(string) }),
      booking: object({ enabled: boolean, priceCents: nullable(integer) }),
      tips: object({ enabled: boolean, presetsCents: arrayOf(cents), message: nullable(string) }),
      availability: nullable(
        object({
          timeZone: string,
          sessionMinutes: integer,
          bufferMinutes: integer,
          minNoticeHours: integer,
          horizonDays: integer,
          weekly: arrayOf(object({ day: integer, start: string, end: string })),
          datesOff: arrayOf(string),
          cancellationHours: integer,
        }),
      ),
      reminders: object({ visitor24h: boolean, visitor1h: boolean, creator24h: boolean, creator1h: boolean }),
    }),
    links: arrayOf(
      objectOf<Item<Export['links']>>()({
        id: uuid,
        kind: oneOfValues(LINK_BLOCK_KINDS),
        title: string,
        url: string,
        isActive: boolean,
        order: integer,
        startsAt: nullable(dateTime),
        endsAt: nullable(dateTime),
        clicks: integer,
        createdAt: dateTime,
        updatedAt: dateTime,
      }),
    ),
    analytics: objectOf<Export['analytics']>()({
      totalViews: integer,
      totalClicks: integer,
      daily: arrayOf(object({ day: date, views: integer, clicks: integer })),
    }),
    bookings: arrayOf(
      objectOf<Item<Export['bookings']>>()({
        id: uuid,
        customerName: string,
        customerEmail: string,
        customerPhone: nullable(string),
        message: nullable(string),
        amountCents: cents,
        yourShareCents: cents,
        platformFeeCents: cents,
        currency: string,
        status: string,
        createdAt: dateTime,
        paidAt: nullable(dateTime),
        slotStart: nullable(dateTime),
        slotEnd: nullable(dateTime),
        refundedAt: nullable(dateTime),
        sessionName: nullable(string),
        location: nullable(BookedLocationSchema),
        answers: arrayOf(IntakeAnswerSchema),
        ...ATTRIBUTION_FIELDS,
      }),
    ),
    sales: arrayOf(
      objectOf<Item<Export['sales']>>()({
        id: uuid,
        kind: oneOfValues(['product', 'tip']),
        title: string,
        customerName: nullable(string),
        customerEmail: string,
        message: nullable(string),
        amountCents: cents,
        yourShareCents: cents,
        platformFeeCents: cents,
        discountCents: cents,
        status: string,
        createdAt: dateTime,
        paidAt: nullable(dateTime),
        refundedAt: nullable(dateTime),
        ...ATTRIBUTION_FIELDS,
      }),
    ),
    payouts: arrayOf(
      objectOf<Item<Export['payouts']>>()({
        id: uuid,
        week: string,
        amountCents: cents,
        currency: string,
        method: nullable(string),
        destination: nullable(string),
        status: string,
        reference: nullable(string),
        createdAt: dateTime,
        paidAt: nullable(dateTime),
      }),
    ),
    subscriptions: arrayOf(
      objectOf<Item<Export['subscriptions']>>()({ status: string, currentPeriodEnd: nullable(dateTime), cancelAtPeriodEnd: boolean, createdAt: dateTime }),
    ),
    supportRequests: arrayOf(
      objectOf<Item<Export['supportRequests']>>()({ subject: string, message: string, status: string, createdAt: dateTime, closedAt: nullable(dateTime) }),
    ),
    coupons: arrayOf(
      objectOf<Item<Export['coupons']>>()({
        code: string,
        percentOff: nullable(integer),
        amountOffCents: nullable(integer),
        appliesTo: string,
        expiresAt: nullable(dateTime),
        maxRedemptions: nullable(integer),
        uses: integer,
        createdAt: dateTime,
      }),
    ),
    products: arrayOf(
      objectOf<Item<Export['products']>>()({
        id: uuid,
        title: string,
        description: string,
        priceCents: nullable(cents),
        minPriceCents: nullable(cents),
        file: nullable(object({ name: string, contentType: string, size: integer })),
        privateUrl: nullable(string),
        visible: boolean,
        order: integer,
        createdAt: dateTime,
        updatedAt: dateTime,
      }),
    ),
    sessionTypes: arrayOf(
      objectOf<Item<Export['sessionTypes']>>()({
        ...sessionTypeFields,
        order: integer,
        createdAt: dateTime,
        updatedAt: dateTime,
      }),
    ),
    emailList: optional(
      objectOf<NonNullable<Export['emailList']>>()({
        block: objectOf<NonNullable<Export['emailList']>['block']>()({ enabled: boolean, title: nullable(string) }),
        subscribers: arrayOf(
          objectOf<Item<NonNullable<Export['emailList']>['subscribers']>>()({
            email: string,
            status: string,
            source: string,
            createdAt: dateTime,
            confirmedAt: nullable(dateTime),
            unsubscribedAt: nullable(dateTime),
          }),
        ),
        broadcasts: arrayOf(
          objectOf<Item<NonNullable<Export['emailList']>['broadcasts']>>()({
            subject: string,
            body: string,
            status: string,
            recipientCount: integer,
            sentCount: integer,
            createdAt: dateTime,
          }),
        ),
      }),
    ),
    calendarFeed: optional(nullable(objectOf<NonNullable<Export['calendarFeed']>>()({ createdAt: dateTime }))),
    calendarConnection: optional(
      nullable(
        objectOf<NonNullable<Export['calendarConnection']>>()({
          url: string,
          username: string,
          writeSessions: boolean,
          connectedAt: dateTime,
          lastReadAt: nullable(dateTime),
        }),
      ),
    ),
  }),
);
