import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CouponMessages } from '@linkbio/shared-contracts';
import { BookingFlow } from './booking-flow';

interface Call {
  method: string;
  path: string;
  body: unknown;
}
type Reply = { status?: number; body: unknown };

/** Replaces fetch with answers keyed "METHOD /path"; returns the calls made. */
function stubFetch(routes: Record<string, (call: Call) => Reply>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = { method: (init?.method ?? 'GET').toUpperCase(), path: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const route = routes[`${call.method} ${call.path}`];
      const reply = route ? route(call) : { status: 404, body: { message: 'Not found' } };
      return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

const CHECK = 'POST /api/users/ada/coupons/check';
const BOOK = 'POST /api/users/ada/book';
const checked = (code: string) => ({
  body: { code, priceBeforeCents: 4000, priceAfterCents: 3000, discountCents: 1000, amount: 3600, userAmount: 3000, platformFee: 600 },
});
const routes = (book: (call: Call) => Reply) => ({
  [CHECK]: ({ body }: Call) => {
    const code = (body as { code: string }).code;
    return code.toUpperCase() === 'SPRING' ? checked('SPRING') : { status: 400, body: { statusCode: 400, message: CouponMessages.expired } };
  },
  [BOOK]: book,
  'GET /api/config': () => ({ body: { paymentProvider: 'local', stripePublishableKey: null } }),
});

async function fillDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Full Name'), 'Sam Visitor');
  await user.type(screen.getByLabelText('Email Address'), 'sam@example.com');
}

describe('the coupon code on the booking page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the server's reason under the field when a code is refused, and sends nothing else", async () => {
    const calls = stubFetch(routes(() => ({ status: 500, body: {} })));
    const user = userEvent.setup();
    render(<BookingFlow username="ada" times={null} zones={[]} />);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a coupon code');
    expect(calls).toEqual([]);

    await user.type(screen.getByLabelText('Coupon code (optional)'), 'OLD{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(CouponMessages.expired);
    expect(screen.getByLabelText('Coupon code (optional)')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.map((call) => [call.path, call.body])).toEqual([['/api/users/ada/coupons/check', { code: 'OLD', target: 'session' }]]);
    // Typing again clears the message.
    await user.type(screen.getByLabelText('Coupon code (optional)'), 'X');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('prices the code for the session type chosen', async () => {
    const calls = stubFetch(routes(() => ({ status: 500, body: {} })));
    const user = userEvent.setup();
    const review = { id: 'st-review', name: 'Portfolio review', minutes: 60, priceCents: 4000, description: '', locationKind: null, questions: [] };
    const talk = { ...review, id: 'st-talk', name: 'Quick talk', priceCents: 1500 };
    render(<BookingFlow username="ada" times={null} zones={[]} sessionTypes={[talk, review]} sessionTypeId="st-review" />);
    await user.type(screen.getByLabelText('Coupon code (optional)'), 'SPRING{Enter}');
    expect(await screen.findByText(/\$30\.00/)).toBeInTheDocument();
    expect(calls.map((call) => [call.path, call.body])).toEqual([
      ['/api/users/ada/coupons/check', { code: 'SPRING', target: 'session', sessionTypeId: 'st-review' }],
    ]);
  });

  it('shows the discount and the new fee lines before paying, and books with the code', async () => {
    const calls = stubFetch(
      routes(() => ({ status: 201, body: { clientSecret: 'pi_local_1_secret_abc', amount: 3600, userAmount: 3000, platformFee: 600, discountCents: 1000 } })),
    );
    const user = userEvent.setup();
    render(<BookingFlow username="ada" times={null} zones={[]} />);
    await user.type(screen.getByLabelText('Coupon code (optional)'), 'spring');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const summary = await screen.findByLabelText('Coupon SPRING applied', { selector: 'dl' });
    const text = (term: string) => within(summary).getByText(term).nextElementSibling?.textContent;
    expect(text('Discount')).toBe('−$10.00');
    expect(text('Service Fee')).toBe('$30.00');
    expect(text('Platform Fee (20%)')).toBe('$6.00');
    expect(text('Total')).toBe('$36.00');

    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByRole('heading', { name: 'Payment Details' })).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/users/ada/book')?.body).toMatchObject({ customerName: 'Sam Visitor', couponCode: 'SPRING' });
    expect(screen.getByText('Discount').nextElementSibling?.textContent).toBe('−$10.00');
    expect(screen.getByText('Total').nextElementSibling?.textContent).toBe('$36.00');
  });

  it('books without a code when the applied one is removed', async () => {
    const calls = stubFetch(routes(() => ({ status: 201, body: { clientSecret: 'pi_local_2_secret_abc', amount: 4800, userAmount: 4000, platformFee: 800, discountCents: 0 } })));
    const user = userEvent.setup();
    render(<BookingFlow username="ada" times={null} zones={[]} />);
    await user.type(screen.getByLabelText('Coupon code (optional)'), 'SPRING');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(screen.getByLabelText('Coupon code (optional)')).toHaveValue('');
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await screen.findByRole('heading', { name: 'Payment Details' });
    expect(calls.find((call) => call.path === '/api/users/ada/book')?.body).not.toHaveProperty('couponCode');
    expect(screen.queryByText('Discount')).not.toBeInTheDocument();
  });

  it('says under the field when the booking refuses the code after all (its last use went to someone else)', async () => {
    stubFetch(routes(() => ({ status: 400, body: { statusCode: 400, message: CouponMessages.usedUp } })));
    const user = userEvent.setup();
    render(<BookingFlow username="ada" times={null} zones={[]} />);
    await user.type(screen.getByLabelText('Coupon code (optional)'), 'SPRING');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByRole('button', { name: 'Remove' });
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CouponMessages.usedUp);
    expect(screen.getByRole('button', { name: 'Apply' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your Information' })).toBeInTheDocument();
  });
});
