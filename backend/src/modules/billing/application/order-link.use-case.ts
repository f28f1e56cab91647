import { Injectable } from '@nestjs/common';
import { ORDER_DOWNLOAD_LIMIT, OrderMessages } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { DomainError } from '../../../shared/domain-error.js';
import { EmailOutboxRelay } from '../../../shared/email/email-outbox.relay.js';
import { hashSecretToken } from '../../../shared/secret-link.js';
import { Transactions } from '../../../shared/transactions.js';
import { ProductCatalog } from '../../products/application/ports/product-catalog.js';
import type { Order } from '../domain/order.js';
import { orderLinkEmail } from './order-emails.js';
import { BillingStore } from './ports/billing.store.js';
import { OrderStore } from './ports/order.store.js';
import { OrderLinkRateLimit, OrderResendEmailRateLimit, OrderResendIpRateLimit } from './ports/order-rate-limits.js';
import { SettleOrderService } from './settle-order.service.js';

/** What the order page shows. */
export interface OrderPageView {
  title: string;
  creatorName: string;
  /** A file to download (with the downloads left), or the private URL; null when the product is gone. */
  delivery: { kind: 'file'; fileName: string; downloadsLeft: number } | { kind: 'url'; url: string } | null;
}

/** Why an order link gives nothing: not known (404), refunded or used up (410), too many tries (429), the file away (503). */
export class OrderLinkRefused extends Error {
  constructor(
    readonly status: 404 | 410 | 429 | 503,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

const gone = (message: string) => new OrderLinkRefused(410, message);
const unknown = () => new OrderLinkRefused(404, OrderMessages.orderLinkInvalid);
/** A paid order whose link works: a partial refund at the provider leaves it working, a full one ends it. */
const LINK_WORKS: Order['status'][] = ['paid', 'partially_refunded'];

/** Paid orders re-sent per request at most. */
const RESEND_LIMIT = 20;

/**
 * The buyer's private order link (/order/{token}; only the token's SHA-256 is stored): the page, its downloads
 * (counted exactly under concurrency, at most ORDER_DOWNLOAD_LIMIT, through the products module's short-lived
 * link) and the re-send of an address's links (each a new token; the previous link stops working). A refunded
 * order's link shows that it was refunded and gives nothing.
 */
@Injectable()
export class OrderLinkUseCase {
  constructor(
    private readonly orders: OrderStore,
    private readonly store: BillingStore,
    private readonly catalog: ProductCatalog,
    private readonly settle: SettleOrderService,
    private readonly transactions: Transactions,
    private readonly outbox: EmailOutboxRelay,
    private readonly clock: Clock,
    private readonly linkLimit: OrderLinkRateLimit,
    private readonly resendIpLimit: OrderResendIpRateLimit,
    private readonly resendEmailLimit: OrderResendEmailRateLimit,
  ) {}

  async page(token: string, ip: string): Promise<OrderPageView> {
    const order = await this.paidOrder(token, ip);
    const creator = await this.store.findCreator(order.creatorId);
    const delivery = order.productId ? await this.catalog.delivery(order.productId) : null;
    return {
      title: order.title,
      creatorName: creator?.displayName ?? '',
      delivery:
        delivery?.kind === 'file'
          ? { kind: 'file', fileName: delivery.fileName, downloadsLeft: Math.max(0, ORDER_DOWNLOAD_LIMIT - order.downloads) }
          : delivery?.kind === 'url'
            ? { kind: 'url', url: delivery.url }
            : null,
    };
  }

  /** The short-lived link that downloads the file, one download counted; refused past the limit. */
  async download(token: string, ip: string): Promise<string> {
    const order = await this.paidOrder(token, ip);
    const link = order.productId ? await this.catalog.downloadLink(order.productId) : null;
    if (!link) throw new OrderLinkRefused(503, OrderMessages.fileUnavailable);
    if (!(await this.orders.countDownload(order.id, ORDER_DOWNLOAD_LIMIT))) throw gone(OrderMessages.downloadLimit);
    return link;
  }

  /** Re-sends the links of the address's paid product orders; the caller answers the same whatever happened. */
  async resend(email: string, ip: string): Promise<void> {
    const waits = await Promise.all([this.resendIpLimit.consume(ip), this.resendEmailLimit.consume(email.toLowerCase())]);
    const wait = Math.max(...waits.map((seconds) => seconds ?? 0));
    if (wait > 0) throw new DomainError('too_many', OrderMessages.tooManyResends(Math.ceil(wait / 60)), { retryAfterSeconds: wait });
    const orders = await this.orders.paidProductOrdersOf(email, RESEND_LIMIT);
    if (orders.length === 0) return;
    const now = this.clock.now();
    await this.transactions.run(async () => {
      for (const order of orders) {
        const creator = await this.store.findCreator(order.creatorId);
        if (!creator) continue;
        const url = await this.settle.newLink(order.id);
        const delivers = order.productId ? ((await this.catalog.delivery(order.productId))?.kind ?? null) : null;
        await this.store.enqueueEmail(orderLinkEmail(order, creator, url, `resent:${url.slice(-12)}`, delivers), now);
      }
    });
    await this.outbox.deliverPending();
  }

  private async paidOrder(token: string, ip: string): Promise<Order> {
    const wait = await this.linkLimit.consume(ip);
    if (wait) throw new OrderLinkRefused(429, OrderMessages.tooManyResends(Math.ceil(wait / 60)), wait);
    const hash = hashSecretToken(token);
    const order = hash ? await this.orders.findByTokenHash(hash) : null;
    if (!order || order.paidAt === null) throw unknown();
    if (!LINK_WORKS.includes(order.status)) throw gone(OrderMessages.orderLinkRefunded);
    return order;
  }
}
