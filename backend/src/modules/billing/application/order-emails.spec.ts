import { saleAmounts } from '@linkbio/shared-contracts';
import { UNATTRIBUTED } from '../domain/booking.js';
import type { Order } from '../domain/order.js';
import { orderLinkEmail, tipReceiptEmail } from './order-emails.js';

const creator = { id: 'c-1', username: 'ada', displayName: 'Ada', email: 'ada@example.com', enableBooking: false, bookingPrice: 0, isPremium: false };
const order = (overrides: Partial<Order>): Order => ({
  id: 'o-1',
  creatorId: 'c-1',
  kind: 'product',
  productId: 'p-1',
  title: 'Field Guide',
  customerName: 'Sam',
  customerEmail: 'sam@example.com',
  message: null,
  ...saleAmounts(1200),
  discountCents: 0,
  couponCode: null,
  joinList: false,
  status: 'paid',
  paymentIntentId: 'pi_1',
  downloads: 0,
  createdAt: new Date('2027-03-01T10:00:00Z'),
  paidAt: new Date('2027-03-01T10:01:00Z'),
  refundedAt: null,
  attribution: UNATTRIBUTED,
  ...overrides,
});
const URL = 'https://linkbio.test/order/tok';

describe('order e-mails', () => {
  it('tells a file buyer the download limit, and a private-URL buyer none', () => {
    const file = orderLinkEmail(order({}), creator, URL, 'receipt', 'file').text;
    expect(file).toContain(`Get it here: ${URL}\nThis link is yours alone: keep it private. It downloads the file up to 10 times.\n`);
    expect(file).toContain('Price: $12.00\nPlatform Fee (20%): $2.40\nTotal: $14.40');

    for (const delivers of ['url', null] as const) {
      const text = orderLinkEmail(order({}), creator, URL, 'receipt', delivers).text;
      expect(text).toContain(`Get it here: ${URL}\nThis link is yours alone: keep it private.\n`);
      expect(text).not.toContain('downloads the file');
    }
  });

  it("names a tip's line 'Tip', as the tip checkout does", () => {
    const text = tipReceiptEmail(order({ kind: 'tip', productId: null, title: 'Tip', ...saleAmounts(500) }), creator).text;
    expect(text).toContain('Tip: $5.00\nPlatform Fee (20%): $1.00\nTotal: $6.00');
    expect(text).not.toContain('Price:');
  });
});
