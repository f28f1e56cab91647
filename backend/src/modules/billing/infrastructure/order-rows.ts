import type { SaleKind, SaleStatus } from '@linkbio/shared-contracts';
import type { OrderRefund } from '../application/ports/order.store.js';
import type { Order } from '../domain/order.js';

export interface OrderRow {
  id: string;
  creator_id: string;
  kind: SaleKind;
  product_id: string | null;
  title: string;
  customer_name: string | null;
  customer_email: string;
  message: string | null;
  amount: number;
  user_amount: number;
  platform_fee: number;
  discount_cents: number;
  coupon_code: string | null;
  join_list: boolean;
  status: SaleStatus;
  payment_intent_id: string | null;
  downloads: number;
  created_at: Date;
  paid_at: Date | null;
  refunded_at: Date | null;
  source?: string | null;
  medium?: string | null;
  campaign?: string | null;
  country?: string | null;
}

const at = (value: Date | null): Date | null => (value ? new Date(value) : null);

export const toOrder = (r: OrderRow): Order => ({
  id: r.id,
  creatorId: r.creator_id,
  kind: r.kind,
  productId: r.product_id,
  title: r.title,
  customerName: r.customer_name,
  customerEmail: r.customer_email,
  message: r.message,
  amount: Number(r.amount),
  userAmount: Number(r.user_amount),
  platformFee: Number(r.platform_fee),
  discountCents: Number(r.discount_cents),
  couponCode: r.coupon_code,
  joinList: r.join_list,
  status: r.status,
  paymentIntentId: r.payment_intent_id,
  downloads: Number(r.downloads),
  createdAt: new Date(r.created_at),
  paidAt: at(r.paid_at),
  refundedAt: at(r.refunded_at),
  attribution: { source: r.source ?? null, medium: r.medium ?? null, campaign: r.campaign ?? null, country: r.country ?? null },
});

export interface OrderRefundRow {
  id: string;
  order_id: string;
  amount: number;
  reason: OrderRefund['reason'];
  status: OrderRefund['status'];
  provider_refund_id: string | null;
  attempts: number;
  counted_at: Date | null;
}

export const toOrderRefund = (r: OrderRefundRow): OrderRefund => ({
  id: r.id,
  orderId: r.order_id,
  amount: Number(r.amount),
  reason: r.reason,
  status: r.status,
  providerRefundId: r.provider_refund_id,
  refusals: Number(r.attempts),
  counted: r.counted_at !== null,
});
