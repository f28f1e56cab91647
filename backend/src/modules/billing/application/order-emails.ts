import { ORDER_DOWNLOAD_LIMIT } from '@linkbio/shared-contracts';
import type { OutgoingEmail } from '../../../shared/email/outgoing-email.js';
import type { ProductDelivery } from '../../products/application/ports/product-catalog.js';
import { dollars } from '../domain/booking.js';
import type { Order } from '../domain/order.js';
import type { Creator } from './ports/billing.store.js';

const feeLines = (order: Order): string[] => [
  ...(order.discountCents > 0 ? [`Discount${order.couponCode ? ` (${order.couponCode})` : ''}: -${dollars(order.discountCents)}`] : []),
  `${order.kind === 'tip' ? 'Tip' : 'Price'}: ${dollars(order.userAmount)}`,
  `Platform Fee (20%): ${dollars(order.platformFee)}`,
  `Total: ${dollars(order.amount)}`,
];

/**
 * The buyer's receipt of a product order: its private order link (the token is in this e-mail only). The
 * download limit is told only when the product delivers a file (`delivers`, the catalog's delivery kind).
 */
export function orderLinkEmail(
  order: Order,
  creator: Creator,
  orderUrl: string,
  dedupe: string,
  delivers: ProductDelivery['kind'] | null,
): OutgoingEmail {
  return {
    dedupeKey: `order:${order.id}:${dedupe}`,
    to: order.customerEmail,
    subject: `Your order from ${creator.displayName}: ${order.title}`,
    text: [
      `Hi ${order.customerName ?? 'there'},`,
      '',
      `Thank you for buying "${order.title}" from ${creator.displayName} (@${creator.username}).`,
      '',
      `Get it here: ${orderUrl}`,
      `This link is yours alone: keep it private.${delivers === 'file' ? ` It downloads the file up to ${ORDER_DOWNLOAD_LIMIT} times.` : ''}`,
      '',
      ...feeLines(order),
      '',
      `Order reference: ${order.id}`,
    ].join('\n'),
  };
}

/** The tipper's receipt. */
export function tipReceiptEmail(order: Order, creator: Creator): OutgoingEmail {
  return {
    dedupeKey: `order:${order.id}:receipt`,
    to: order.customerEmail,
    subject: `Thank you for supporting ${creator.displayName}`,
    text: [
      `Hi ${order.customerName ?? 'there'},`,
      '',
      `Your tip to ${creator.displayName} (@${creator.username}) went through. Thank you!`,
      '',
      ...feeLines(order),
      '',
      `Reference: ${order.id}`,
    ].join('\n'),
  };
}

/** The creator is told of each sale and tip. */
export function creatorSaleEmail(order: Order, creator: Creator): OutgoingEmail {
  const who = order.customerName ?? order.customerEmail;
  return {
    dedupeKey: `order:${order.id}:creator`,
    to: creator.email,
    subject: order.kind === 'tip' ? `New tip from ${who}` : `New sale: ${order.title}`,
    text: [
      `Hi ${creator.displayName},`,
      '',
      order.kind === 'tip' ? `${who} sent you a tip.` : `${who} bought "${order.title}".`,
      ...(order.message ? ['', `Message: ${order.message}`] : []),
      '',
      `Email: ${order.customerEmail}`,
      `You earn: ${dollars(order.userAmount)}`,
    ].join('\n'),
  };
}

/** The buyer is told their order was refunded (its link no longer works). */
export function orderRefundedEmail(order: Order, creator: Creator): OutgoingEmail {
  return {
    dedupeKey: `order:${order.id}:refunded`,
    to: order.customerEmail,
    subject: `Refund from ${creator.displayName}`,
    text: [
      `Hi ${order.customerName ?? 'there'},`,
      '',
      `Your payment of ${dollars(order.amount)} for "${order.title}" has been refunded in full.`,
      ...(order.kind === 'product' ? ['The order link no longer works.'] : []),
      '',
      `Reference: ${order.id}`,
    ].join('\n'),
  };
}
