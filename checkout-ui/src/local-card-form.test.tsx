import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCardNumber, formatExpiry, validateCard } from '@linkbio/shared-contracts';
import { LocalCardForm } from './local-card-form';
import { PUBLIC_SKIN } from './skin';

afterEach(() => vi.unstubAllGlobals());

function stubConfirm(reply: { status: number; body: unknown }) {
  const fetchMock = vi.fn(() =>
    Promise.resolve(
      new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'Content-Type': 'application/json' },
      }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderForm(extra: Partial<Parameters<typeof LocalCardForm>[0]> = {}) {
  const onPaid = vi.fn();
  const onFailed = vi.fn();
  const user = userEvent.setup();
  render(
    <LocalCardForm
      clientSecret="pi_1_secret_2"
      submitLabel="Pay now"
      returnPath="/dashboard"
      onPaid={onPaid}
      onFailed={onFailed}
      {...extra}
    />,
  );
  const fields = {
    number: screen.getByLabelText('Card number'),
    expiry: screen.getByLabelText('Expiry date (MM/YY)'),
    cvc: screen.getByLabelText('CVC'),
    name: screen.getByLabelText('Name on card (optional)'),
  };
  return { user, onPaid, onFailed, fields, submit: () => user.click(screen.getByRole('button', { name: 'Pay now' })) };
}

describe('card formatting and rules', () => {
  it('groups the card number by four and keeps digits only, at most 19', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42a42')).toBe('4242 4242 4242');
    expect(formatCardNumber('1'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
  });

  it('writes the expiry as MM/YY, a first digit above 1 being a month of its own', () => {
    expect(formatExpiry('1234')).toBe('12/34');
    expect(formatExpiry('12/3')).toBe('12/3');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('427')).toBe('04/27');
    expect(formatExpiry('12345')).toBe('12/34');
  });

  it("uses Stripe's messages for an incomplete number, expiry, CVC and a past expiry", () => {
    const now = new Date(2026, 5, 15);
    expect(validateCard({ cardNumber: '4242 4242', expiry: '13/30', cvc: '1', name: '' }, now)).toEqual({
      cardNumber: 'Your card number is incomplete.',
      expiry: "Your card's expiration date is incomplete.",
      cvc: "Your card's security code is incomplete.",
    });
    expect(validateCard({ cardNumber: '4242 4242 4242 4242', expiry: '05/26', cvc: '123', name: '' }, now)).toEqual({
      expiry: "Your card's expiration year is in the past.",
    });
    expect(validateCard({ cardNumber: '4242 4242 4242 4242', expiry: '06/26', cvc: '1234', name: '' }, now)).toEqual(
      {},
    );
  });
});

describe('LocalCardForm', () => {
  it('labels its fields for card autofill on a numeric keypad and hints at the test cards', () => {
    const { fields } = renderForm();
    expect(fields.number).toHaveAttribute('autocomplete', 'cc-number');
    expect(fields.number).toHaveAttribute('inputmode', 'numeric');
    expect(fields.expiry).toHaveAttribute('autocomplete', 'cc-exp');
    expect(fields.expiry).toHaveAttribute('inputmode', 'numeric');
    expect(fields.cvc).toHaveAttribute('autocomplete', 'cc-csc');
    expect(fields.cvc).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByText(/test card such as 4242 4242 4242 4242/)).toBeInTheDocument();
  });

  it('formats as typed', async () => {
    const { user, fields } = renderForm();
    await user.type(fields.number, '4242424242424242');
    await user.type(fields.expiry, '1230');
    await user.type(fields.cvc, '12a34');
    expect(fields.number).toHaveValue('4242 4242 4242 4242');
    expect(fields.expiry).toHaveValue('12/30');
    expect(fields.cvc).toHaveValue('1234');
  });

  it('shows what is wrong, focuses the first field in error and sends nothing', async () => {
    const fetchMock = stubConfirm({ status: 200, body: { status: 'succeeded', returnUrl: null } });
    const { user, fields, submit, onPaid } = renderForm();
    await user.type(fields.number, '4242');
    await submit();
    expect(screen.getByText('Your card number is incomplete.')).toBeInTheDocument();
    expect(screen.getByText("Your card's expiration date is incomplete.")).toBeInTheDocument();
    expect(screen.getByText("Your card's security code is incomplete.")).toBeInTheDocument();
    expect(fields.number).toHaveFocus();
    expect(fields.number).toHaveAttribute('aria-invalid', 'true');
    expect(fields.number).toHaveAccessibleDescription(expect.stringContaining('Your card number is incomplete.'));
    expect(fields.number).toHaveAccessibleDescription(expect.stringContaining('Test mode: no real card is charged.'));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('confirms the payment and reports success', async () => {
    const fetchMock = stubConfirm({ status: 200, body: { status: 'succeeded', returnUrl: '/dashboard' } });
    const { user, fields, submit, onPaid, onFailed } = renderForm();
    await user.type(fields.number, '4242424242424242');
    await user.type(fields.expiry, '1230');
    await user.type(fields.cvc, '123');
    await user.type(fields.name, ' Sam Rivera ');
    await submit();
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(onFailed).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/payments/local/confirm',
      expect.objectContaining({ method: 'POST', credentials: 'include' }),
    );
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      clientSecret: 'pi_1_secret_2',
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/30',
      cvc: '123',
      name: 'Sam Rivera',
    });
  });

  it("passes the card's message on a 402, puts the person back on the card number, and can be submitted again", async () => {
    stubConfirm({ status: 402, body: { statusCode: 402, message: 'Your card has insufficient funds.' } });
    const { user, fields, submit, onPaid, onFailed } = renderForm();
    await user.type(fields.number, '4000000000009995');
    await user.type(fields.expiry, '1230');
    await user.type(fields.cvc, '123');
    await submit();
    expect(onFailed).toHaveBeenCalledWith('Your card has insufficient funds.');
    expect(onPaid).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeEnabled();
    expect(fields.number).toHaveValue('4000 0000 0000 9995');
    expect(fields.number).toHaveFocus();
  });

  it('says so on a network failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    const { user, fields, submit, onFailed } = renderForm();
    await user.type(fields.number, '4242424242424242');
    await user.type(fields.expiry, '1230');
    await user.type(fields.cvc, '123');
    await submit();
    expect(onFailed).toHaveBeenCalledWith(
      "We couldn't reach the payment service. Check your connection and try again.",
    );
  });

  it("sends the checked card to submitCard instead, when given (the dashboard's card change)", async () => {
    const fetchMock = stubConfirm({ status: 200, body: { status: 'succeeded' } });
    const submitCard = vi.fn(() => Promise.resolve());
    const { user, fields, submit, onPaid } = renderForm({ submitCard });
    await user.type(fields.number, '4242424242424242');
    await user.type(fields.expiry, '1230');
    await user.type(fields.cvc, '123');
    await submit();
    expect(submitCard).toHaveBeenCalledWith(expect.objectContaining({ clientSecret: 'pi_1_secret_2', cvc: '123' }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onPaid).toHaveBeenCalledTimes(1);
  });
});

describe('skins', () => {
  it("wears the app's classes and icons, and its texts", async () => {
    const skin = {
      ...PUBLIC_SKIN,
      form: 'dash-form',
      input: 'dash-input',
      submit: 'dash-button',
      pendingIndicator: <i data-testid="spin" />,
    };
    let resolve: () => void = () => {};
    const submitCard = vi.fn(() => new Promise<void>((done) => (resolve = done)));
    const { user, fields, submit } = renderForm({ skin, texts: { processing: 'Processing...' }, submitCard });
    expect(screen.getByRole('form', { name: 'Card details' })).toHaveClass('dash-form');
    expect(fields.number).toHaveClass('dash-input');
    await user.type(fields.number, '4242424242424242');
    await user.type(fields.expiry, '1230');
    await user.type(fields.cvc, '123');
    await submit();
    const button = screen.getByRole('button', { name: 'Processing...' });
    expect(button).toHaveClass('dash-button');
    expect(button).toBeDisabled();
    expect(screen.getByTestId('spin')).toBeInTheDocument();
    resolve();
  });
});
