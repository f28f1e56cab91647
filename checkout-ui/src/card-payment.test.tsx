import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CardPayment } from './card-payment';
import { CheckoutToast } from './checkout-toast';
import type { PaymentConfig } from './payment-api';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const props = {
  clientSecret: 'pi_1_secret_2',
  submitLabel: 'Pay $12.00',
  returnPath: '/x',
  onPaid: vi.fn(),
  onFailed: vi.fn(),
};

describe('CardPayment', () => {
  it('shows the loading state with its button disabled, then the local card form', async () => {
    let answer: (config: PaymentConfig) => void = () => {};
    const loadConfig = vi.fn(() => new Promise<PaymentConfig>((done) => (answer = done)));
    render(<CardPayment {...props} loadConfig={loadConfig} />);
    expect(screen.getByRole('status', { name: 'Loading the card form' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $12.00' })).toBeDisabled();
    await act(async () => answer({ paymentProvider: 'local', stripePublishableKey: null }));
    expect(screen.getByLabelText('Card number')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $12.00' })).toBeEnabled();
  });

  it('says the payment could not start when the config fails, and asks again on Try again', async () => {
    const loadConfig = vi
      .fn<() => Promise<PaymentConfig>>()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValueOnce({ paymentProvider: 'local', stripePublishableKey: null });
    render(<CardPayment {...props} loadConfig={loadConfig} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Card payment couldn't start. Please try again; nothing has been charged.",
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
    expect(loadConfig).toHaveBeenCalledTimes(2);
  });

  it('refuses Stripe without a publishable key', async () => {
    render(
      <CardPayment
        {...props}
        loadConfig={() => Promise.resolve({ paymentProvider: 'stripe', stripePublishableKey: null })}
      />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent("Card payment couldn't start.");
  });

  it('asks GET /api/config by default', async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ paymentProvider: 'local', stripePublishableKey: null }), { status: 200 }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(<CardPayment {...props} />);
    expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/config', expect.objectContaining({ credentials: 'include' }));
  });
});

describe('CheckoutToast', () => {
  it('shows the title and message, closes on its button and by itself after five seconds', async () => {
    const onClose = vi.fn();
    const { rerender } = render(
      <CheckoutToast toast={{ title: 'Payment Failed', message: 'Declined.' }} onClose={onClose} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Payment FailedDeclined.');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);

    vi.useFakeTimers();
    const later = vi.fn();
    rerender(<CheckoutToast toast={{ title: 'Again', message: 'x' }} onClose={later} />);
    void act(() => vi.advanceTimersByTime(5000));
    expect(later).toHaveBeenCalledTimes(1);
    rerender(<CheckoutToast toast={null} onClose={later} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
