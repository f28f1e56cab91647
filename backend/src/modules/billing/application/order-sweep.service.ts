import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../../shared/clock.js';
import { Transactions } from '../../../shared/transactions.js';
import { ListSignups } from '../../audience/application/ports/list-signups.js';
import { CouponRedemptions } from '../../coupons/application/ports/coupon-redemptions.js';
import { ORDER_PAYMENT_WINDOW_MS } from '../domain/order.js';
import { OrderStore } from './ports/order.store.js';
import { RefundOrderUseCase } from './refund-order.use-case.js';

const BATCH = 100;

/**
 * The orders' share of the billing sweep (every minute): orders left unpaid past their window expire (their
 * coupon use given back), refunds not made yet are asked for again, and buyers who ticked "join the list" are
 * handed to the e-mail list (ListSignups) once paid — after the sale committed, so the list can never fail it.
 */
@Injectable()
export class OrderSweepService {
  private readonly logger = new Logger('Orders');

  constructor(
    private readonly orders: OrderStore,
    private readonly refunds: RefundOrderUseCase,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    private readonly coupons: CouponRedemptions,
    private readonly signups: ListSignups,
  ) {}

  async execute(): Promise<{ expired: number; refunded: number; signups: number }> {
    const expired = await this.expire();
    const refunded = await this.refunds.refundDue();
    const signups = await this.requestSignups();
    return { expired, refunded, signups };
  }

  async expire(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - ORDER_PAYMENT_WINDOW_MS);
    return this.transactions.run(async () => {
      const ids = await this.orders.expireUnpaid(before, BATCH);
      for (const id of ids) await this.coupons.release(id);
      return ids.length;
    });
  }

  /** After a payment committed: the list signups due now, never failing the caller (the sweep asks again). */
  async afterPayment(): Promise<void> {
    await this.requestSignups().catch((error: unknown) => this.logger.warn(`List signups not asked yet: ${error instanceof Error ? error.message : String(error)}`));
  }

  /** Paid buyers who asked to join the creator's list: asked to confirm (double opt-in); a failure is logged, never thrown. */
  async requestSignups(): Promise<number> {
    let asked = 0;
    for (const order of await this.orders.listSignupsDue(BATCH)) {
      try {
        await this.signups.request(order.creatorId, order.customerEmail, 'checkout');
        asked += 1;
      } catch (error) {
        this.logger.warn(`List signup for order ${order.id} not made: ${error instanceof Error ? error.message : String(error)}`);
      }
      // Asked once, whatever came of it: the list module records refusals itself.
      await this.orders.markListRequested(order.id, this.clock.now());
    }
    return asked;
  }
}
