import type { AccountExport } from '@linkbio/shared-contracts';

/*
 * The account's product orders and tips (issue 27) in its data export: every one paid for (kept for the
 * creator's accounting as bookings are). The Support block's settings are in the export's settings.
 */

export const SALES_SQL = `
  select id, kind, title, customer_name, customer_email, message, amount, user_amount, platform_fee, discount_cents,
         status, created_at, paid_at, refunded_at, source, medium, campaign, country
    from orders where creator_id = $1 and paid_at is not null order by created_at, id`;

export interface SaleRow {
  id: string;
  kind: 'product' | 'tip';
  title: string;
  customer_name: string | null;
  customer_email: string;
  message: string | null;
  amount: number;
  user_amount: number;
  platform_fee: number;
  discount_cents: number;
  status: string;
  created_at: Date;
  paid_at: Date | null;
  refunded_at: Date | null;
  source: string | null;
  medium: string | null;
  campaign: string | null;
  country: string | null;
}

const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString());

export const toSalesExport = (rows: SaleRow[]): AccountExport['sales'] =>
  rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    title: r.title,
    customerName: r.customer_name,
    customerEmail: r.customer_email,
    message: r.message,
    amountCents: Number(r.amount),
    yourShareCents: Number(r.user_amount),
    platformFeeCents: Number(r.platform_fee),
    discountCents: Number(r.discount_cents),
    status: r.status,
    createdAt: r.created_at.toISOString(),
    paidAt: iso(r.paid_at),
    refundedAt: iso(r.refunded_at),
    source: r.source,
    medium: r.medium,
    campaign: r.campaign,
    country: r.country,
  }));
