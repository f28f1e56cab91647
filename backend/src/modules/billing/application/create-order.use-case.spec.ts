import { OrderMessages, saleAmounts } from '@linkbio/shared-contracts';
import type { OutgoingEmail } from '../../../shared/email/outgoing-email.js';
import { DomainError } from '../../../shared/domain-error.js';
import type { LinkOrigin } from '../../../shared/link-origin.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { ImmediateTransactions } from '../../../shared/testing/immediate.transactions.js';
import { InMemoryRateLimit } from '../../../shared/testing/in-memory-rate-limit.js';
import { ProductCatalog, type ProductDelivery, type ProductForSale } from '../../products/application/ports/product-catalog.js';
import { InMemoryCouponRedemptions } from '../testing/in-memory-coupon-redemptions.js';
import { InMemoryOrderStore } from '../testing/in-memory-order.store.js';
import { CreateOrderUseCase } from './create-order.use-case.js';
import type { BillingStore, Creator } from './ports/billing.store.js';
import type { PaymentGateway } from './ports/payment-gateway.js';
import { SettleOrderService } from './settle-order.service.js';
import { OrderSweepService } from './order-sweep.service.js';
import type { RefundOrderUseCase } from './refund-order.use-case.js';
import type { ListSignups } from '../../audience/application/ports/list-signups.js';
import { InMemoryCountryLookup } from '../../analytics/testing/in-memory-country-lookup.js';

const CREATOR: Creator = { id: 'c-1', username: 'maya', displayName: 'Maya', email: 'maya@example.com', enableBooking: false, bookingPrice: null, isPremium: false };
const PRODUCT = '11111111-1111-4111-8111-111111111111';
const PWYW = '22222222-2222-4222-8222-222222222222';

class Catalog extends ProductCatalog {
  readonly products = new Map<string, ProductForSale>([
    [PRODUCT, { id: PRODUCT, creatorId: CREATOR.id, title: 'The Guide', priceCents: 2000, minPriceCents: null }],
    [PWYW, { id: PWYW, creatorId: CREATOR.id, title: 'Presets', priceCents: null, minPriceCents: 500 }],
  ]);
  async forSale(creatorId: string, productId: string) {
    const product = this.products.get(productId);
    return product?.creatorId === creatorId ? product : null;
  }
  async belongsTo() {
    return true;
  }
  async delivery(): Promise<ProductDelivery | null> {
    return { kind: 'url', url: 'https://example.com' };
  }
  async downloadLink() {
    return null;
  }
}

function setup(options: { gatewayFails?: boolean; signups?: ListSignups } = {}) {
  const clock = new FixedClock('2027-01-10T10:00:00Z');
  const orders = new InMemoryOrderStore();
  const coupons = new InMemoryCouponRedemptions();
  const emails: OutgoingEmail[] = [];
  const countries = new InMemoryCountryLookup();
  countries.place('8.8.8.8', 'US');
  const store = {
    findCreatorByUsername: async (username: string) => (username === CREATOR.username ? CREATOR : null),
    findCreator: async () => CREATOR,
    enqueueEmail: async (email: OutgoingEmail) => void emails.push(email),
  } as unknown as BillingStore;
  let intents = 0;
  const gateway = {
    provider: 'local',
    createOrderIntent: async () => {
      if (options.gatewayFails) throw new DomainError('unavailable', 'Card payments are not available right now.');
      intents += 1;
      return { intentId: `pi_${intents}`, clientSecret: `pi_${intents}_secret_x` };
    },
  } as unknown as PaymentGateway;
  const create = new CreateOrderUseCase(
    store,
    orders,
    new Catalog(),
    gateway,
    new ImmediateTransactions(),
    clock,
    new InMemoryRateLimit(clock, 20, 3600),
    new InMemoryRateLimit(clock, 10, 3600),
    coupons,
    countries,
  );
  const links = { url: (path: string) => `https://linkbio.test${path}` } as LinkOrigin;
  const settle = new SettleOrderService(orders, store, clock, links, coupons, new Catalog());
  const sweep = new OrderSweepService(orders, { refundDue: async () => 0 } as unknown as RefundOrderUseCase, new ImmediateTransactions(), clock, coupons, options.signups ?? ({ request: async () => undefined } as ListSignups));
  return { create, settle, sweep, orders, coupons, emails, clock };
}

const buyer = { customerName: 'Ada', customerEmail: 'ada@example.com' };
const visitor = { ip: '10.0.0.1' };

describe('CreateOrderUseCase', () => {
  it('prices a fixed-price product from the catalog, never the client, with the fee from saleAmounts', async () => {
    const { create, orders } = setup();
    const answer = await create.product('maya', PRODUCT, { ...buyer, amountCents: 1 }, visitor);
    expect(answer).toEqual({ clientSecret: 'pi_1_secret_x', ...saleAmounts(2000), discountCents: 0 });
    expect([...orders.orders.values()]).toEqual([expect.objectContaining({ status: 'pending_payment', paymentIntentId: 'pi_1', title: 'The Guide', userAmount: 2000 })]);
  });

  it('takes pay-what-you-want at or above the minimum only', async () => {
    const { create } = setup();
    expect(await create.product('maya', PWYW, { ...buyer, amountCents: 750 }, visitor)).toMatchObject(saleAmounts(750));
    await expect(create.product('maya', PWYW, { ...buyer, amountCents: 499 }, visitor)).rejects.toThrow(OrderMessages.belowMinimum(500));
    await expect(create.product('maya', PWYW, buyer, visitor)).rejects.toThrow(OrderMessages.belowMinimum(500));
  });

  it('quotes a coupon at creation: the discount off the price, the fee on the discounted price; one use redeemed for the order', async () => {
    const { create, coupons, orders } = setup();
    coupons.add('HALF', 50, 1);
    const answer = await create.product('maya', PRODUCT, { ...buyer, couponCode: 'half' }, visitor);
    expect(answer).toEqual({ clientSecret: expect.any(String), ...saleAmounts(1000), discountCents: 1000 });
    const [order] = [...orders.orders.values()];
    expect(order).toMatchObject({ couponCode: 'HALF', discountCents: 1000, userAmount: 1000 });
    expect(coupons.held.get(order!.id)).toBe('HALF');
    // The last use went to this buyer: the next is refused, and nothing is stored for them.
    await expect(create.product('maya', PRODUCT, { ...buyer, couponCode: 'HALF' }, visitor)).rejects.toThrow('This coupon code is not valid.');
    expect(orders.orders.size).toBe(1);
  });

  it('refuses a code the creator does not have, storing nothing', async () => {
    const { create, orders } = setup();
    await expect(create.product('maya', PRODUCT, { ...buyer, couponCode: 'HALF' }, visitor)).rejects.toThrow(OrderMessages.couponInvalid);
    expect(orders.orders.size).toBe(0);
  });

  it('gives the coupon use back when the provider cannot make the payment', async () => {
    const { create, coupons, orders } = setup({ gatewayFails: true });
    coupons.add('HALF', 50, 1);
    await expect(create.product('maya', PRODUCT, { ...buyer, couponCode: 'HALF' }, visitor)).rejects.toThrow('Card payments are not available');
    expect([...orders.orders.values()].map((o) => o.status)).toEqual(['failed']);
    expect(coupons.coupons.get('HALF')!.usesLeft).toBe(1);
  });

  it('keeps the visit an order or a tip came from and the buyer\'s country, never the address', async () => {
    const { create, orders } = setup();
    orders.tips = { ...orders.tips, enabled: true };
    const attribution = { source: ' newsletter ', medium: 'email', campaign: 'spring' };
    await create.product('maya', PRODUCT, { ...buyer, attribution }, { ip: '8.8.8.8' });
    await create.tip('maya', { customerEmail: 'a@example.com', amountCents: 500, attribution: { source: 'ig' } }, { ip: '::ffff:8.8.8.8' });
    await create.tip('maya', { customerEmail: 'b@example.com', amountCents: 500 }, visitor);
    expect([...orders.orders.values()].map((order) => order.attribution)).toEqual([
      { source: 'newsletter', medium: 'email', campaign: 'spring', country: 'US' },
      { source: 'ig', medium: null, campaign: null, country: 'US' },
      { source: null, medium: null, campaign: null, country: 'unknown' },
    ]);
    expect(JSON.stringify([...orders.orders.values()])).not.toContain('8.8.8.8');
  });

  it('takes an attribution of another shape as none, never as an error', async () => {
    const { create, orders } = setup();
    for (const attribution of ['newsletter', ['a'], 42, { source: 7, medium: { x: 1 }, campaign: '  ' }]) {
      await create.product('maya', PRODUCT, { ...buyer, attribution: attribution as never }, visitor);
    }
    expect([...orders.orders.values()].map((order) => order.attribution)).toEqual(
      Array(4).fill({ source: null, medium: null, campaign: null, country: 'unknown' }),
    );
  });

  it('takes tips only while they are switched on, at the fee rule', async () => {
    const { create, orders } = setup();
    await expect(create.tip('maya', { customerEmail: 'a@example.com', amountCents: 500 }, visitor)).rejects.toThrow(OrderMessages.tipsOff);
    orders.tips = { ...orders.tips, enabled: true };
    expect(await create.tip('maya', { customerEmail: 'a@example.com', amountCents: 500, message: 'Thanks' }, visitor)).toEqual({ clientSecret: expect.any(String), ...saleAmounts(500), discountCents: 0 });
    expect([...orders.orders.values()]).toEqual([expect.objectContaining({ kind: 'tip', title: 'Tip', message: 'Thanks', productId: null })]);
  });

  it('limits requests per e-mail as for bookings', async () => {
    const { create } = setup();
    for (let i = 0; i < 10; i += 1) await create.product('maya', PRODUCT, buyer, { ip: `10.0.1.${i}` });
    await expect(create.product('maya', PRODUCT, buyer, { ip: '10.0.2.1' })).rejects.toMatchObject({ kind: 'too_many' });
  });
});

describe('SettleOrderService and the sweep with coupons', () => {
  it('settles once: one earning, one receipt with a private link whose hash alone is kept', async () => {
    const { create, settle, orders, emails } = setup();
    await create.product('maya', PRODUCT, buyer, visitor);
    const [order] = [...orders.orders.values()];
    const payment = { intentId: 'pi_1', amount: order!.amount, currency: 'usd' };
    expect(await settle.markPaid(order!.id, payment)).not.toBeNull();
    expect(await settle.markPaid(order!.id, payment)).toBeNull();
    expect(orders.earnings.get(order!.id)).toBe(2000);
    const receipts = emails.filter((e) => e.to === 'ada@example.com');
    expect(receipts).toHaveLength(1);
    const token = /\/order\/([A-Za-z0-9_-]{43})/.exec(receipts[0]!.text)![1]!;
    expect(orders.tokenHashes.get(order!.id)).toMatch(/^[0-9a-f]{64}$/);
    expect(orders.tokenHashes.get(order!.id)).not.toContain(token);
    expect(await settle.markPaid(order!.id, { ...payment, amount: order!.amount + 1 })).toBeNull();
  });

  it('an unpaid order expires and gives its coupon use back; paid after that, the use is reinstated', async () => {
    const { create, settle, sweep, orders, coupons, clock } = setup();
    coupons.add('HALF', 50, 1);
    await create.product('maya', PRODUCT, { ...buyer, couponCode: 'HALF' }, visitor);
    const [order] = [...orders.orders.values()];
    clock.advance(61 * 60 * 1000);
    expect(await sweep.expire()).toBe(1);
    expect(coupons.released).toEqual([order!.id]);
    expect(coupons.coupons.get('HALF')!.usesLeft).toBe(1);
    await settle.markPaid(order!.id, { intentId: 'pi_1', amount: order!.amount, currency: 'usd' });
    expect(coupons.reinstated).toEqual([order!.id]);
  });

  it('a declined payment fails the order and releases its coupon', async () => {
    const { create, settle, orders, coupons } = setup();
    coupons.add('HALF', 50, 2);
    await create.product('maya', PRODUCT, { ...buyer, couponCode: 'HALF' }, visitor);
    const [order] = [...orders.orders.values()];
    await settle.markFailed(order!.id);
    expect(orders.orders.get(order!.id)!.status).toBe('failed');
    expect(coupons.released).toEqual([order!.id]);
  });

  it('asks the e-mail list for each paid buyer who ticked the box, once, never failing on the list', async () => {
    const asked: string[] = [];
    const signups = {
      request: async (_creatorId: string, email: string) => {
        asked.push(email);
        if (email.startsWith('broken')) throw new Error('the list is away');
      },
    } as ListSignups;
    const { create, settle, sweep, orders } = setup({ signups });
    for (const email of ['joins@example.com', 'broken@example.com', 'not@example.com']) {
      await create.product('maya', PRODUCT, { ...buyer, customerEmail: email, joinList: !email.startsWith('not') }, visitor);
    }
    await create.product('maya', PRODUCT, { ...buyer, customerEmail: 'unpaid@example.com', joinList: true }, visitor);
    for (const order of [...orders.orders.values()].filter((o) => o.customerEmail !== 'unpaid@example.com')) {
      await settle.markPaid(order.id, { intentId: order.paymentIntentId!, amount: order.amount, currency: 'usd' });
    }
    await sweep.afterPayment();
    await sweep.afterPayment();
    expect(asked).toEqual(['joins@example.com', 'broken@example.com']);
  });
});
