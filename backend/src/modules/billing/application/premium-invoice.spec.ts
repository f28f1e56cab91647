import { receiptNumber, type PremiumCharge } from '../domain/premium-charge.js';
import { premiumDeclinedEmail, premiumReceiptEmail } from './premium-emails.js';
import { invoiceCardLast4, premiumInvoiceFacts } from './premium-invoice.js';
import type { Creator } from './ports/billing.store.js';

const creator: Creator = { id: 'u1', username: 'ada', displayName: 'Ada', email: 'ada@example.com', enableBooking: false, bookingPrice: null, isPremium: true };
const invoice = (extra: Record<string, unknown> = {}) => ({
  id: 'in_1',
  amount_paid: 999,
  amount_due: 999,
  currency: 'usd',
  billing_reason: 'subscription_cycle',
  parent: { subscription_details: { subscription: 'sub_1' } },
  lines: { data: [{ period: { start: 1_800_000_000, end: 1_802_592_000 } }] },
  ...extra,
});

describe('Premium invoices', () => {
  it('reads amount, period, reason and the card from an invoice whose payment is expanded', () => {
    const card = { payments: { data: [{ payment: { payment_intent: { latest_charge: { payment_method_details: { card: { last4: '4444' } } } } } }] } };
    expect(premiumInvoiceFacts(invoice(card), true)).toEqual({
      invoiceId: 'in_1',
      subscriptionId: 'sub_1',
      amountCents: 999,
      currency: 'usd',
      periodStart: new Date(1_800_000_000_000),
      periodEnd: new Date(1_802_592_000_000),
      billingReason: 'subscription_cycle',
      nextPaymentAttempt: null,
      cardLast4: '4444',
    });
  });

  it('takes the card from the intent’s payment method too, and nothing that is not four digits', () => {
    const intent = (last4: unknown) => ({ payments: { data: [{ payment: { payment_intent: { payment_method: { card: { last4 } } } } }] } });
    expect(invoiceCardLast4(intent('1881'))).toBe('1881');
    expect(invoiceCardLast4(intent('12345'))).toBeNull();
    expect(invoiceCardLast4(intent(42))).toBeNull();
    expect(invoiceCardLast4({ payments: { data: [{ payment: { payment_intent: 'pi_1' } }] } })).toBeNull();
  });

  it('refuses an invoice without id, subscription or amount', () => {
    expect(premiumInvoiceFacts(invoice({ id: undefined }), true)).toBeNull();
    expect(premiumInvoiceFacts(invoice({ parent: {} }), true)).toBeNull();
    expect(premiumInvoiceFacts(invoice({ amount_paid: '999' }), true)).toBeNull();
    expect(premiumInvoiceFacts(invoice({ amount_due: -1 }), false)).toBeNull();
  });

  it('numbers receipts LB-year-six digits', () => {
    expect(receiptNumber(new Date('2027-03-02T10:00:00Z'), 123)).toBe('LB-2027-000123');
    expect(receiptNumber(new Date('2027-03-02T10:00:00Z'), 1_234_567)).toBe('LB-2027-1234567');
  });
});

describe('Premium e-mails', () => {
  const charge: PremiumCharge = {
    id: 'c1',
    userId: 'u1',
    subscriptionId: 'sub_1',
    providerInvoiceId: 'in_1',
    amountCents: 999,
    currency: 'usd',
    periodStart: new Date('2027-03-02T10:00:00Z'),
    periodEnd: new Date('2027-04-02T10:00:00Z'),
    cardLast4: '4242',
    receiptNumber: 'LB-2027-000123',
    status: 'paid',
    createdAt: new Date('2027-03-02T10:00:00Z'),
  };

  it('a receipt says the amount, the period, the card and the receipt number', () => {
    const email = premiumReceiptEmail(creator, charge);
    expect(email).toMatchObject({ to: 'ada@example.com', dedupeKey: 'premium:in_1:receipt' });
    expect(email.text).toContain('Amount paid: $9.99');
    expect(email.text).toContain('Period: March 2, 2027 to April 2, 2027');
    expect(email.text).toContain('Card: ending in 4242');
    expect(email.text).toContain('Receipt number: LB-2027-000123');
  });

  it('a declined renewal says what happens next', () => {
    const declined = { ...charge, status: 'declined' as const, receiptNumber: null };
    expect(premiumDeclinedEmail(creator, declined, new Date('2027-03-05T00:00:00Z')).text).toContain('We will try again on March 5, 2027');
    expect(premiumDeclinedEmail(creator, declined, null).text).toContain('Premium subscription has ended');
  });
});
