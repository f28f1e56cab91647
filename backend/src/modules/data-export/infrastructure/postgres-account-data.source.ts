import type { AccountExport, LinkBlockKind } from '@linkbio/shared-contracts';
import type pg from 'pg';
import type { Id } from '../../../shared/ids.js';
import { AccountDataSource } from '../application/ports/account-data.source.js';
import { BOOKINGS_SQL, toBookingExport, type BookingExportRow } from './bookings-export.js';
import { COUPONS_SQL, toCouponExport, type CouponExportRow } from './coupons-export.js';
import { PRODUCTS_SQL, type ProductRow, toProductsExport } from './products-export.js';
import { SESSION_TYPES_SQL, type SessionTypeExportRow, toSessionTypesExport } from './session-types-export.js';
import { SALES_SQL, toSalesExport, type SaleRow } from './export-sales.js';
import { readEmailList } from './email-list-export.js';

const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString());

const ACCOUNT_SQL = `
  select id, username, email, display_name, bio, avatar, is_premium, created_at, updated_at, theme,
         background_color, background_image, button_color, button_text_color, button_shape, paypal_email,
         cashapp_handle, enable_booking, booking_price, socials, socials_position, seo_title, seo_description, seo_image,
         tips_enabled, tip_presets, tip_message
    from users where id = $1`;

const LINKS_SQL = `
  select l.id, l.kind, l.title, l.url, l.is_active, l.position, l.starts_at, l.ends_at, l.created_at, l.updated_at,
         coalesce(t.clicks, 0)::float8 as clicks
    from links l left join analytics_link_totals t on t.link_id = l.id
   where l.owner_id = $1
   order by l.position, l.created_at desc, l.id`;

const DAILY_SQL = `
  select to_char(day, 'YYYY-MM-DD') as day, views, clicks from analytics_daily where owner_id = $1 order by day`;

const AVAILABILITY_SQL = `
  select time_zone, session_minutes, buffer_minutes, min_notice_hours, horizon_days, weekly, dates_off, cancellation_hours
    from availability where creator_id = $1`;

const PAYOUTS_SQL = `
  select id, week, amount, currency, method, destination, status, reference, created_at, paid_at
    from payouts where creator_id = $1 order by period_end, id`;

const SUBSCRIPTIONS_SQL = `
  select status, current_period_end, cancel_at_period_end, created_at
    from subscriptions where user_id = $1 order by created_at, id`;

const SUPPORT_SQL = `
  select subject, message, status, created_at, closed_at from support_requests where creator_id = $1 order by created_at, id`;

interface AccountRow {
  id: string;
  username: string;
  email: string;
  display_name: string;
  bio: string | null;
  avatar: string | null;
  is_premium: boolean;
  created_at: Date;
  updated_at: Date;
  theme: string;
  background_color: string | null;
  background_image: string | null;
  button_color: string | null;
  button_text_color: string | null;
  button_shape: string;
  socials: Array<{ platform: string; url: string }>;
  socials_position: string;
  seo_title: string | null;
  seo_description: string | null;
  seo_image: string | null;
  paypal_email: string | null;
  cashapp_handle: string | null;
  enable_booking: boolean;
  booking_price: number | null;
  tips_enabled: boolean;
  tip_presets: number[];
  tip_message: string | null;
}
interface LinkRow {
  kind: LinkBlockKind;
  id: string;
  title: string;
  url: string;
  is_active: boolean;
  position: number;
  starts_at: Date | null;
  ends_at: Date | null;
  created_at: Date;
  updated_at: Date;
  clicks: number;
}
interface DayRow {
  day: string;
  views: number;
  clicks: number;
}
interface PayoutRow {
  id: string;
  week: string;
  amount: number;
  currency: string;
  method: string | null;
  destination: string | null;
  status: string;
  reference: string | null;
  created_at: Date;
  paid_at: Date | null;
}
interface SubscriptionRow {
  status: string;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  created_at: Date;
}
interface SupportRow {
  subject: string;
  message: string;
  status: string;
  created_at: Date;
  closed_at: Date | null;
}

/**
 * Reads every table that holds the account's data in one read-only REPEATABLE READ transaction, so the file is
 * one moment's picture (a click counted while it is read shows in both the link and the totals, or in neither).
 */
export class PostgresAccountDataSource extends AccountDataSource {
  constructor(private readonly pool: pg.Pool) {
    super();
  }

  async collect(accountId: Id, now: Date): Promise<AccountExport | null> {
    const client = await this.pool.connect();
    try {
      await client.query('begin isolation level repeatable read read only');
      const read = async <Row extends pg.QueryResultRow>(text: string) => (await client.query<Row>(text, [accountId])).rows;
      const [account] = await read<AccountRow>(ACCOUNT_SQL);
      if (!account) {
        await client.query('commit');
        return null;
      }
      const links = await read<LinkRow>(LINKS_SQL);
      const daily = await read<DayRow>(DAILY_SQL);
      const bookings = await read<BookingExportRow>(BOOKINGS_SQL);
      const [availability] = await read<AvailabilityRow>(AVAILABILITY_SQL);
      const payouts = await read<PayoutRow>(PAYOUTS_SQL);
      const subscriptions = await read<SubscriptionRow>(SUBSCRIPTIONS_SQL);
      const support = await read<SupportRow>(SUPPORT_SQL);
      const coupons = await read<CouponExportRow>(COUPONS_SQL);
      const products = await read<ProductRow>(PRODUCTS_SQL);
      const sessionTypes = await read<SessionTypeExportRow>(SESSION_TYPES_SQL);
      const sales = await read<SaleRow>(SALES_SQL);
      const emailList = await readEmailList(read);
      await client.query('commit');
      const exported = toExport(now, { account, links, daily, bookings, availability: availability ?? null, payouts, subscriptions, support });
      return { ...exported, coupons: coupons.map(toCouponExport), products: toProductsExport(products), sessionTypes: toSessionTypesExport(sessionTypes), sales: toSalesExport(sales), emailList };
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}

interface AvailabilityRow {
  time_zone: string;
  session_minutes: number;
  buffer_minutes: number;
  min_notice_hours: number;
  horizon_days: number;
  weekly: Array<{ day: number; start: string; end: string }>;
  dates_off: string[];
  cancellation_hours: number;
}

interface Rows {
  account: AccountRow;
  links: LinkRow[];
  daily: DayRow[];
  bookings: BookingExportRow[];
  availability: AvailabilityRow | null;
  payouts: PayoutRow[];
  subscriptions: SubscriptionRow[];
  support: SupportRow[];
}

function toExport(now: Date, rows: Rows): Omit<AccountExport, 'coupons' | 'products' | 'sessionTypes' | 'sales'> {
  const a = rows.account;
  const daily = rows.daily.map((d) => ({ day: d.day, views: Number(d.views), clicks: Number(d.clicks) }));
  return {
    exportedAt: now.toISOString(),
    account: {
      id: a.id,
      username: a.username,
      email: a.email,
      displayName: a.display_name,
      bio: a.bio,
      avatar: a.avatar,
      plan: a.is_premium ? 'premium' : 'free',
      createdAt: a.created_at.toISOString(),
      updatedAt: a.updated_at.toISOString(),
    },
    look: {
      theme: a.theme,
      backgroundColor: a.background_color,
      backgroundImage: a.background_image,
      buttonColor: a.button_color,
      buttonTextColor: a.button_text_color,
      buttonShape: a.button_shape,
      socials: a.socials,
      socialsPosition: a.socials_position,
      seo: { title: a.seo_title, description: a.seo_description, image: a.seo_image },
    },
    settings: {
      payouts: { paypalEmail: a.paypal_email, cashappHandle: a.cashapp_handle },
      booking: { enabled: a.enable_booking, priceCents: a.booking_price },
      tips: { enabled: a.tips_enabled, presetsCents: a.tip_presets, message: a.tip_message },
      availability: rows.availability && {
        timeZone: rows.availability.time_zone,
        sessionMinutes: rows.availability.session_minutes,
        bufferMinutes: rows.availability.buffer_minutes,
        minNoticeHours: rows.availability.min_notice_hours,
        horizonDays: rows.availability.horizon_days,
        weekly: rows.availability.weekly,
        datesOff: rows.availability.dates_off,
        cancellationHours: rows.availability.cancellation_hours,
      },
    },
    links: rows.links.map((l) => ({
      id: l.id,
      kind: l.kind,
      title: l.title,
      url: l.url,
      isActive: l.is_active,
      order: l.position,
      startsAt: iso(l.starts_at),
      endsAt: iso(l.ends_at),
      clicks: Number(l.clicks),
      createdAt: l.created_at.toISOString(),
      updatedAt: l.updated_at.toISOString(),
    })),
    analytics: {
      totalViews: daily.reduce((sum, d) => sum + d.views, 0),
      totalClicks: daily.reduce((sum, d) => sum + d.clicks, 0),
      daily,
    },
    bookings: rows.bookings.map(toBookingExport),
    payouts: rows.payouts.map((p) => ({
      id: p.id,
      week: p.week,
      amountCents: p.amount,
      currency: p.currency,
      method: p.method,
      destination: p.destination,
      status: p.status,
      reference: p.reference,
      createdAt: p.created_at.toISOString(),
      paidAt: iso(p.paid_at),
    })),
    subscriptions: rows.subscriptions.map((s) => ({
      status: s.status,
      currentPeriodEnd: iso(s.current_period_end),
      cancelAtPeriodEnd: s.cancel_at_period_end,
      createdAt: s.created_at.toISOString(),
    })),
    supportRequests: rows.support.map((r) => ({
      subject: r.subject,
      message: r.message,
      status: r.status,
      createdAt: r.created_at.toISOString(),
      closedAt: iso(r.closed_at),
    })),
  };
}
