import type { LinkBlockKind } from './link-blocks.js';
import type { ReminderSettingsView } from './reminders.js';
import type { BookedLocation, IntakeAnswer, SessionTypeView } from './session-types.js';

/** How many downloads of their data a creator may start within an hour. */
export const EXPORTS_PER_HOUR = 10;

/**
 * The visit a booking or sale came from (issue 29) and the buyer's country ('unknown' when the address named
 * none); all null for those made before it was kept.
 */
export interface ExportedAttribution {
  source: string | null;
  medium: string | null;
  campaign: string | null;
  country: string | null;
}

/**
 * Everything the product keeps about a creator's account, as `GET /api/users/me/export` downloads it. Amounts
 * are integer cents; instants ISO 8601 in UTC; days YYYY-MM-DD (UTC). The password is never part of it.
 */
export interface AccountExport {
  exportedAt: string;
  account: {
    id: string;
    username: string;
    email: string;
    displayName: string;
    bio: string | null;
    avatar: string | null;
    plan: 'free' | 'premium';
    createdAt: string;
    updatedAt: string;
  };
  look: {
    theme: string;
    backgroundColor: string | null;
    backgroundImage: string | null;
    buttonColor: string | null;
    buttonTextColor: string | null;
    buttonShape: string;
    /** Social icons and the search and share preview (issue 26), as the creator's own view has them. */
    socials: Array<{ platform: string; url: string }>;
    socialsPosition: string;
    seo: { title: string | null; description: string | null; image: string | null };
  };
  settings: {
    payouts: { paypalEmail: string | null; cashappHandle: string | null };
    booking: { enabled: boolean; priceCents: number | null };
    /** The 'Support me' block (issue 27): on or off, its three preset amounts and the creator's words. */
    tips: { enabled: boolean; presetsCents: number[]; message: string | null };
    /** When sessions can be booked (null before the creator saved any): as GET /api/users/availability answers. */
    availability: {
      timeZone: string;
      sessionMinutes: number;
      bufferMinutes: number;
      minNoticeHours: number;
      horizonDays: number;
      weekly: Array<{ day: number; start: string; end: string }>;
      datesOff: string[];
      cancellationHours: number;
    } | null;
    /** The session reminders switched on and off: as GET /api/users/reminders answers (all on until saved). */
    reminders: ReminderSettingsView;
  };
  links: Array<{
    id: string;
    /** link, header (a section title, url '') or embed. */
    kind: LinkBlockKind;
    title: string;
    url: string;
    isActive: boolean;
    order: number;
    startsAt: string | null;
    endsAt: string | null;
    clicks: number;
    createdAt: string;
    updatedAt: string;
  }>;
  analytics: {
    totalViews: number;
    totalClicks: number;
    daily: Array<{ day: string; views: number; clicks: number }>;
  };
  bookings: Array<{
    id: string;
    customerName: string;
    customerEmail: string;
    customerPhone: string | null;
    message: string | null;
    amountCents: number;
    yourShareCents: number;
    platformFeeCents: number;
    currency: string;
    status: string;
    createdAt: string;
    paidAt: string | null;
    /** The session's time when booked at a set time. */
    slotStart: string | null;
    slotEnd: string | null;
    refundedAt: string | null;
    /** The session type's name, where it met and the visitor's answers, as booked (null, null, []: before session types). */
    sessionName: string | null;
    location: BookedLocation | null;
    answers: IntakeAnswer[];
  } & ExportedAttribution>;
  /** Product orders and tips paid for (issue 27), kept for the creator's accounting as bookings are. */
  sales: Array<{
    id: string;
    kind: 'product' | 'tip';
    title: string;
    customerName: string | null;
    customerEmail: string;
    message: string | null;
    amountCents: number;
    yourShareCents: number;
    platformFeeCents: number;
    discountCents: number;
    status: string;
    createdAt: string;
    paidAt: string | null;
    refundedAt: string | null;
  } & ExportedAttribution>;
  payouts: Array<{
    id: string;
    week: string;
    amountCents: number;
    currency: string;
    method: string | null;
    destination: string | null;
    status: string;
    reference: string | null;
    createdAt: string;
    paidAt: string | null;
  }>;
  subscriptions: Array<{ status: string; currentPeriodEnd: string | null; cancelAtPeriodEnd: boolean; createdAt: string }>;
  supportRequests: Array<{ subject: string; message: string; status: string; createdAt: string; closedAt: string | null }>;
  /** The creator's coupons not deleted (issue 27), as GET /api/coupons lists them. */
  coupons: Array<{
    code: string;
    percentOff: number | null;
    amountOffCents: number | null;
    appliesTo: string;
    expiresAt: string | null;
    maxRedemptions: number | null;
    uses: number;
    createdAt: string;
  }>;
  /** The digital products the creator sells (issue 27): what the dashboard shows of each. */
  products: Array<{
    id: string;
    title: string;
    description: string;
    priceCents: number | null;
    minPriceCents: number | null;
    file: { name: string; contentType: string; size: number } | null;
    privateUrl: string | null;
    visible: boolean;
    order: number;
    createdAt: string;
    updatedAt: string;
  }>;
  /** The kinds of session the creator offers, in their order, switched on or off: as the dashboard shows them. */
  sessionTypes: Array<SessionTypeView & { order: number; createdAt: string; updatedAt: string }>;
  /** The creator's e-mail list (issue 27): the page's block, every subscriber and each broadcast sent. */
  emailList?: {
    block: { enabled: boolean; title: string | null };
    subscribers: Array<{
      email: string;
      status: string;
      source: string;
      createdAt: string;
      confirmedAt: string | null;
      unsubscribedAt: string | null;
    }>;
    broadcasts: Array<{ subject: string; body: string; status: string; recipientCount: number; sentCount: number; createdAt: string }>;
  };
  /**
   * The private calendar feed: when its current address was made, or null when the creator never asked for one.
   * Never the address itself: whoever holds it reads the sessions (the dashboard shows it).
   */
  calendarFeed?: { createdAt: string } | null;
  /** The creator's connected CalDAV calendar (never its password), or null. */
  calendarConnection?: { url: string; username: string; writeSessions: boolean; connectedAt: string; lastReadAt: string | null } | null;
}
