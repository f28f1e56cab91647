import { saleAmounts, type SaleAttribution, type SaleKind, type SaleStatus, type SaleView } from '@linkbio/shared-contracts';
import { UNATTRIBUTED } from './booking.js';
import { newId, type Id } from '../../../shared/ids.js';

/**
 * A product order or a tip: a sale paid like a booking (pending_payment → paid once; refunded in full by the
 * creator, or in part at the provider). Amounts come from saleAmounts on the price after any coupon.
 */
export interface Order {
  id: Id;
  creatorId: Id;
  kind: SaleKind;
  productId: Id | null;
  /** The product's title when ordered, or 'Tip'. */
  title: string;
  customerName: string | null;
  customerEmail: string;
  message: string | null;
  amount: number;
  userAmount: number;
  platformFee: number;
  discountCents: number;
  couponCode: string | null;
  joinList: boolean;
  status: SaleStatus;
  paymentIntentId: string | null;
  downloads: number;
  createdAt: Date;
  paidAt: Date | null;
  refundedAt: Date | null;
  /** The visit the sale came from and the buyer's country, set when it is made; payment and refunds leave it. */
  attribution: SaleAttribution;
}

/** How long an unpaid order waits for its payment before it expires (its coupon use given back). */
export const ORDER_PAYMENT_WINDOW_MS = 60 * 60 * 1000;

export const TIP_TITLE = 'Tip';

export function newOrder(input: {
  creatorId: Id;
  kind: SaleKind;
  productId: Id | null;
  title: string;
  customerName: string | null;
  customerEmail: string;
  message: string | null;
  priceCents: number;
  discountCents: number;
  couponCode: string | null;
  joinList: boolean;
  now: Date;
  attribution?: SaleAttribution;
}): Order {
  const amounts = saleAmounts(input.priceCents);
  return {
    id: newId(),
    creatorId: input.creatorId,
    kind: input.kind,
    productId: input.productId,
    title: input.title,
    customerName: input.customerName,
    customerEmail: input.customerEmail,
    message: input.message,
    ...amounts,
    discountCents: input.discountCents,
    couponCode: input.couponCode,
    joinList: input.joinList,
    status: 'pending_payment',
    paymentIntentId: null,
    downloads: 0,
    createdAt: input.now,
    paidAt: null,
    refundedAt: null,
    attribution: { ...(input.attribution ?? UNATTRIBUTED) },
  };
}

export function toSaleView(order: Order): SaleView {
  return {
    id: order.id,
    kind: order.kind,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    title: order.title,
    message: order.message,
    amount: order.amount,
    userAmount: order.userAmount,
    platformFee: order.platformFee,
    discountCents: order.discountCents,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt ? order.paidAt.toISOString() : null,
  };
}
