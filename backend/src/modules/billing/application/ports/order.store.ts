import type { TipSettingsView } from '@linkbio/shared-contracts';
import type { Id } from '../../../../shared/ids.js';
import type { Order } from '../../domain/order.js';

/** Where a page of sales ends: the last sale's creation time and id. */
export interface SalePosition {
  createdAt: Date;
  id: Id;
}

/** An order's own refund or one made at the provider (rows of billing's refunds naming the order). */
export interface OrderRefund {
  id: Id;
  orderId: Id;
  amount: number;
  reason: 'cancelled_by_creator' | 'at_provider';
  status: 'requested' | 'pending' | 'succeeded' | 'failed';
  providerRefundId: string | null;
  refusals: number;
  /** Whether its share of the earning has been reversed in the ledger. */
  counted: boolean;
}

/** Orders, their ledger rows and refunds, the creator's tip settings. Calls join the current transaction. */
export abstract class OrderStore {
  abstract add(order: Order): Promise<void>;
  abstract attachIntent(orderId: Id, intentId: string): Promise<void>;
  abstract find(id: Id): Promise<Order | null>;
  abstract findByIntent(intentId: string): Promise<Order | null>;
  /** Locks the order until the transaction ends. */
  abstract lock(id: Id): Promise<Order | null>;
  /**
   * pending_payment/failed/expired → paid when the intent and amount match; the order (with its status before)
   * only to the one caller that made the change, null to every other.
   */
  abstract markPaid(orderId: Id, intentId: string, amount: number, now: Date): Promise<{ order: Order; before: Order['status'] } | null>;
  /** pending_payment → failed; true when this call changed it. */
  abstract markFailed(orderId: Id): Promise<boolean>;
  /** pending_payment orders made before `before` → expired; their ids. */
  abstract expireUnpaid(before: Date, limit: number): Promise<Id[]>;
  /** The creator's earning for a paid order: at most one per order. */
  abstract credit(order: Order, now: Date): Promise<void>;
  abstract setTokenHash(orderId: Id, tokenHash: string): Promise<void>;
  abstract findByTokenHash(tokenHash: string): Promise<Order | null>;
  /** One download counted when the order is paid and under `limit`; false when not. */
  abstract countDownload(orderId: Id, limit: number): Promise<boolean>;
  /** Paid product orders of this address whose link works (not refunded in full), newest first, at most `limit`. */
  abstract paidProductOrdersOf(email: string, limit: number): Promise<Order[]>;
  /** The creator's paid sales (PAID_SALE_STATUSES), newest first. */
  abstract paidSalesOf(creatorId: Id, page: { limit: number; after: SalePosition | null }): Promise<Order[]>;

  abstract refundsOf(orderId: Id): Promise<OrderRefund[]>;
  abstract findRefundByProviderId(providerRefundId: string): Promise<OrderRefund | null>;
  /** The order's own refund, requested once: asked again, the first one is answered. */
  abstract requestRefund(input: { id: Id; orderId: Id; amount: number; now: Date }): Promise<OrderRefund>;
  abstract addProviderRefund(input: { id: Id; orderId: Id; amount: number; providerRefundId: string | null; status: OrderRefund['status']; now: Date }): Promise<OrderRefund>;
  abstract recordAttempt(refundId: Id, outcome: { status: 'pending' | 'failed'; providerRefundId?: string; refused?: boolean; error?: string }, now: Date): Promise<void>;
  /** The refund succeeded (its provider id kept); false when it already had. */
  abstract markRefundSucceeded(refundId: Id, providerRefundId: string | null, now: Date): Promise<boolean>;
  /** The refund's share of the earning reversed in the ledger, once (skipped when 0); false when it already was. */
  abstract reverse(refund: OrderRefund, order: Order, reversal: number, now: Date): Promise<boolean>;
  /** What the ledger holds for the order: its earning and what has been reversed (a positive number). */
  abstract ledgerOf(orderId: Id): Promise<{ earning: number; reversed: number; counted: number }>;
  /** The order's status from one of `from` to `to` (refunded_at set when refunded); the order, or null when not in `from`. */
  abstract setStatus(orderId: Id, from: Order['status'][], to: Order['status'], now: Date): Promise<Order | null>;
  /** Orders whose own refund must be asked for (again): refund_due with the refund not on its way. */
  abstract dueForRefund(limit: number): Promise<Id[]>;

  /** Paid orders whose buyer asked to join the list and who has not been asked yet, at most `limit`. */
  abstract listSignupsDue(limit: number): Promise<Order[]>;
  abstract markListRequested(orderId: Id, now: Date): Promise<void>;

  abstract tipSettingsOf(creatorId: Id): Promise<TipSettingsView>;
  abstract saveTipSettings(creatorId: Id, settings: TipSettingsView): Promise<void>;
}
