import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHARGED, LOCAL_CONFIG, stubApi } from '../test/fetch-routes';
import type { ProductCheckoutData } from './checkout-data';
import { ProductCheckout } from './product-checkout';

afterEach(() => vi.unstubAllGlobals());

const ORDER = 'POST /api/users/maya/products/prod-1/order';
const COUPON = 'POST /api/users/maya/coupons/check';
const fixed: ProductCheckoutData = {
  kind: 'product',
  username: 'maya',
  productId: 'prod-1',
  title: 'Preset pack',
  priceCents: 1000,
  minPriceCents: null,
  offersList: true,
  attribution: null,
};
// A creator without an e-mail list: no box to tick.
const payWhatYouWant: ProductCheckoutData = { ...fixed, priceCents: null, minPriceCents: 500, offersList: false };
const quote = (amounts: { amount: number; userAmount: number; platformFee: number; discountCents?: number }) => ({
  status: 201,
  body: { clientSecret: 'pi_9_secret_9', discountCents: 0, ...amounts },
});

const line = (name: string) => {
  const term = screen.getAllByText(name, { selector: 'dt' }).at(-1)!;
  return term.nextElementSibling?.textContent;
};

async function fillDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Your name'), ' Sam Rivera ');
  await user.type(screen.getByLabelText('Email Address'), 'sam@example.com');
}

async function payWithTestCard(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Card number'), '4242424242424242');
  await user.type(screen.getByLabelText('Expiry date (MM/YY)'), '1230');
  await user.type(screen.getByLabelText('CVC'), '123');
}

describe('ProductCheckout', () => {
  it('shows the fee lines of the price before paying, orders, takes the card and says to check the e-mail', async () => {
    const api = stubApi({
      [ORDER]: quote({ amount: 1200, userAmount: 1000, platformFee: 200 }),
      'GET /api/config': LOCAL_CONFIG,
      'POST /api/payments/local/confirm': CHARGED,
    });
    const user = userEvent.setup();
    render(<ProductCheckout {...fixed} />);
    expect(line('Price')).toBe('$10.00');
    expect(line('Platform Fee (20%)')).toBe('$2.00');
    expect(line('Total')).toBe('$12.00');
    await fillDetails(user);
    await user.click(screen.getByLabelText('Join my e-mail list'));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    expect(await screen.findByRole('heading', { name: 'Payment Details' })).toHaveFocus();
    expect(api.bodiesOf(ORDER)).toEqual([
      { customerName: 'Sam Rivera', customerEmail: 'sam@example.com', joinList: true },
    ]);
    await payWithTestCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay $12.00' }));
    expect(await screen.findByText('Payment received. Check your e-mail for your download link.')).toBeInTheDocument();
    expect(api.bodiesOf('POST /api/payments/local/confirm')).toEqual([
      expect.objectContaining({ clientSecret: 'pi_9_secret_9', cardNumber: '4242 4242 4242 4242' }),
    ]);
  });

  it('asks for a name and a valid e-mail, focusing the first, and sends nothing', async () => {
    const api = stubApi({});
    const user = userEvent.setup();
    render(<ProductCheckout {...fixed} />);
    await user.type(screen.getByLabelText('Email Address'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Valid email is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Your name')).toHaveFocus();
    expect(api.calls).toEqual([]);
  });

  it('takes a pay-what-you-want amount in dollars, at least the minimum, and sends it in cents', async () => {
    const api = stubApi({
      [ORDER]: quote({ amount: 900, userAmount: 750, platformFee: 150 }),
      'GET /api/config': LOCAL_CONFIG,
    });
    const user = userEvent.setup();
    render(<ProductCheckout {...payWhatYouWant} />);
    expect(screen.queryByLabelText('Join my e-mail list')).toBeNull();
    const amount = screen.getByLabelText('Amount ($)');
    expect(amount).toHaveValue('5.00');
    expect(amount).toHaveAccessibleDescription('Pay what you want: $5.00 or more.');
    await fillDetails(user);
    await user.clear(amount);
    await user.type(amount, '4.99');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(screen.getByText('Please enter at least $5.00.')).toBeInTheDocument();
    expect(amount).toHaveFocus();
    expect(api.calls).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '7.5');
    expect(line('Price')).toBe('$7.50');
    expect(line('Total')).toBe('$9.00');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await screen.findByRole('heading', { name: 'Payment Details' });
    expect(api.bodiesOf(ORDER)).toEqual([expect.objectContaining({ amountCents: 750, joinList: false })]);
  });

  it('applies a coupon the server checks, shows its discount, and sends its code with the order', async () => {
    const api = stubApi({
      [COUPON]: {
        status: 200,
        body: {
          code: 'HALF',
          priceBeforeCents: 1000,
          priceAfterCents: 500,
          discountCents: 500,
          amount: 600,
          userAmount: 500,
          platformFee: 100,
        },
      },
      [ORDER]: quote({ amount: 600, userAmount: 500, platformFee: 100, discountCents: 500 }),
      'GET /api/config': LOCAL_CONFIG,
    });
    const user = userEvent.setup();
    render(<ProductCheckout {...fixed} />);
    await user.type(screen.getByLabelText('Coupon code (optional)'), 'half');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Coupon HALF applied: $5.00 off.')).toBeInTheDocument(); // the creator's code, as on the booking page
    expect(api.bodiesOf(COUPON)).toEqual([{ code: 'half', target: 'prod-1' }]);
    expect(line('Discount')).toBe('−$5.00');
    expect(line('Total')).toBe('$6.00');
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await screen.findByLabelText('Card number');
    expect(screen.getByRole('button', { name: 'Pay $6.00' })).toBeEnabled();
    expect(api.bodiesOf(ORDER)).toEqual([expect.objectContaining({ couponCode: 'HALF' })]);
  });

  it("shows the server's word on a refused coupon and a refused order as toasts", async () => {
    stubApi({
      [COUPON]: { status: 400, body: { statusCode: 400, message: 'This coupon has expired.' } },
      [ORDER]: { status: 429, body: { statusCode: 429, message: 'Too many orders. Please try again later.' } },
    });
    const user = userEvent.setup();
    render(<ProductCheckout {...fixed} />);
    await user.type(screen.getByLabelText('Coupon code (optional)'), 'OLD');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('CouponThis coupon has expired.');
    expect(line('Total')).toBe('$12.00');
    await user.clear(screen.getByLabelText('Coupon code (optional)'));
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Too many orders. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Order Error');
    expect(screen.getByLabelText('Your name')).toHaveValue(' Sam Rivera ');
  });

  it('shows a refused card as Payment Failed and lets the buyer try again', async () => {
    stubApi({
      [ORDER]: quote({ amount: 1200, userAmount: 1000, platformFee: 200 }),
      'GET /api/config': LOCAL_CONFIG,
      'POST /api/payments/local/confirm': {
        status: 402,
        body: { statusCode: 402, message: 'Your card was declined.' },
      },
    });
    const user = userEvent.setup();
    render(<ProductCheckout {...fixed} />);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await payWithTestCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay $12.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment FailedYour card was declined.');
    expect(screen.getByRole('button', { name: 'Pay $12.00' })).toBeEnabled();
  });
});
