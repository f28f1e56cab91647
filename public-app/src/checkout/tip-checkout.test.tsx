import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHARGED, LOCAL_CONFIG, stubApi } from '../test/fetch-routes';
import type { TipCheckoutData } from './checkout-data';
import { TipCheckout } from './tip-checkout';

afterEach(() => vi.unstubAllGlobals());

const TIP = 'POST /api/users/maya/tip';
const data: TipCheckoutData = {
  kind: 'tip',
  username: 'maya',
  displayName: 'Maya',
  presets: [300, 500, 1000],
  amountCents: 500,
  message: null,
  offersList: true,
  attribution: null,
};
const line = (name: string) => screen.getAllByText(name, { selector: 'dt' }).at(-1)!.nextElementSibling?.textContent;

describe('TipCheckout', () => {
  it('starts on the amount picked on the bio page, with its fee lines, and follows the choice', async () => {
    stubApi({});
    const user = userEvent.setup();
    render(<TipCheckout {...data} />);
    expect(screen.getByRole('radio', { name: '$5.00' })).toBeChecked();
    expect(line('Tip')).toBe('$5.00');
    expect(line('Platform Fee (20%)')).toBe('$1.00');
    expect(line('Total')).toBe('$6.00');
    await user.click(screen.getByRole('radio', { name: '$10.00' }));
    expect(line('Total')).toBe('$12.00');
  });

  it('takes a custom amount of at least $1.00, a name and a message, then the card, then thanks', async () => {
    const api = stubApi({
      [TIP]: {
        status: 201,
        body: { clientSecret: 'pi_7_secret_7', amount: 300, userAmount: 250, platformFee: 50, discountCents: 0 },
      },
      'GET /api/config': LOCAL_CONFIG,
      'POST /api/payments/local/confirm': CHARGED,
    });
    const user = userEvent.setup();
    render(<TipCheckout {...data} amountCents={null} />);
    expect(screen.getByRole('radio', { name: '$3.00' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Custom amount' }));
    const amount = screen.getByLabelText('Amount ($)');
    await user.type(amount, '0.99');
    await user.type(screen.getByLabelText('Email Address'), 'fan@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(screen.getByText('The smallest tip is $1.00.', { selector: '.field-error' })).toBeInTheDocument();
    expect(amount).toHaveFocus();
    expect(api.calls).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '2.50');
    await user.type(screen.getByLabelText('Your name (optional)'), 'Ana');
    await user.type(screen.getByLabelText('Message (optional)'), 'Love your work');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByRole('heading', { name: 'Payment Details' })).toHaveFocus();
    expect(api.bodiesOf(TIP)).toEqual([
      { amountCents: 250, name: 'Ana', message: 'Love your work', customerEmail: 'fan@example.com', joinList: false },
    ]);
    await user.type(await screen.findByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry date (MM/YY)'), '1230');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay $3.00' }));
    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toHaveFocus();
  });

  it('keeps the message to 500 characters and asks for a valid e-mail', async () => {
    const api = stubApi({});
    const user = userEvent.setup();
    render(<TipCheckout {...data} />);
    expect(screen.getByLabelText('Message (optional)')).toHaveAttribute('maxLength', '500');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(screen.getByText('Valid email is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email Address')).toHaveFocus();
    expect(api.calls).toEqual([]);
  });

  it("shows the server's refusal as a toast and keeps what was typed", async () => {
    stubApi({
      [TIP]: {
        status: 429,
        body: { statusCode: 429, message: 'Too many tips from this address. Please try again later.' },
      },
    });
    const user = userEvent.setup();
    render(<TipCheckout {...data} />);
    await user.type(screen.getByLabelText('Email Address'), 'fan@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Tip ErrorToo many tips from this address. Please try again later.',
    );
    expect(screen.getByLabelText('Email Address')).toHaveValue('fan@example.com');
  });

  it('keeps its button disabled until hydrated, saying why', () => {
    render(<TipCheckout {...data} hydrated={false} />);
    expect(screen.getByRole('button', { name: 'Continue to Payment' })).toBeDisabled();
    expect(screen.getByText(/Paying needs JavaScript/)).toBeInTheDocument();
  });
});
