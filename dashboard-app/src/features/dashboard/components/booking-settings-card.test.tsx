import { screen, waitFor } from '@testing-library/react';
import { aUser, never, renderDashboard, stubApi } from '@/test/render-dashboard';
import { BookingSettingsCard, SESSION_TYPES_PRICE_HINT } from './booking-settings-card';

const priceInput = () => screen.queryByLabelText('Session Price');

describe('BookingSettingsCard', () => {
  it('shows the price input only while booking is enabled', async () => {
    stubApi({});
    const { user } = renderDashboard(<BookingSettingsCard user={aUser()} onUserChange={() => {}} />);

    const toggle = screen.getByRole('switch', { name: 'Enable booking' });
    expect(toggle).not.toBeChecked();
    expect(priceInput()).not.toBeInTheDocument();

    await user.click(toggle);
    const price = priceInput();
    expect(price).toHaveAttribute('type', 'number');
    expect(price).toHaveAttribute('min', '0');
    expect(price).toHaveAttribute('step', '0.01');

    expect(screen.getByText(SESSION_TYPES_PRICE_HINT)).toBeInTheDocument();

    await user.click(toggle);
    expect(priceInput()).not.toBeInTheDocument();
    expect(screen.queryByText(SESSION_TYPES_PRICE_HINT)).not.toBeInTheDocument();
  });

  it('says what the creator receives and what visitors pay with the 20% platform fee, as the price is typed', async () => {
    stubApi({});
    const { user } = renderDashboard(
      <BookingSettingsCard user={aUser({ enableBooking: true, bookingPrice: 2550 })} onUserChange={() => {}} />,
    );
    expect(
      screen.getByText('You receive $25.50 per session. Visitors pay $30.60: your price plus the 20% platform fee ($5.10).'),
    ).toBeInTheDocument();

    await user.clear(priceInput()!);
    await user.type(priceInput()!, '40');
    expect(
      screen.getByText('You receive $40.00 per session. Visitors pay $48.00: your price plus the 20% platform fee ($8.00).'),
    ).toBeInTheDocument();

    await user.clear(priceInput()!);
    await user.type(priceInput()!, '0.5');
    expect(screen.queryByText(/You receive/)).not.toBeInTheDocument();
  });

  it('prefills the price in dollars with two decimals', () => {
    stubApi({});
    renderDashboard(
      <BookingSettingsCard user={aUser({ enableBooking: true, bookingPrice: 2550 })} onUserChange={() => {}} />,
    );

    expect(priceInput()).toHaveValue(25.5);
    expect((priceInput() as HTMLInputElement).value).toBe('25.50');
  });

  it('saves the price as a dollar string and hands back the stored user', async () => {
    const saved = aUser({ enableBooking: true, bookingPrice: 4000 });
    const { calls } = stubApi({ 'PUT /api/users/booking-settings': { body: { user: saved } } });
    const onUserChange = vi.fn();
    const { user } = renderDashboard(<BookingSettingsCard user={aUser()} onUserChange={onUserChange} />);

    await user.click(screen.getByRole('switch', { name: 'Enable booking' }));
    await user.type(priceInput()!, '40');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Settings updated')).toBeInTheDocument();
    expect(calls).toEqual([
      { method: 'PUT', path: '/api/users/booking-settings', body: { enableBooking: true, bookingPrice: '40' } },
    ]);
    expect(onUserChange).toHaveBeenCalledWith(saved);
  });

  it('keeps the stored price when booking is switched off', async () => {
    const { calls } = stubApi({ 'PUT /api/users/booking-settings': { body: { user: aUser() } } });
    const { user } = renderDashboard(
      <BookingSettingsCard user={aUser({ enableBooking: true, bookingPrice: 2500 })} onUserChange={() => {}} />,
    );

    await user.click(screen.getByRole('switch', { name: 'Enable booking' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ enableBooking: false });
  });

  it("shows 'Saving...' and disables Save while pending", async () => {
    stubApi({ 'PUT /api/users/booking-settings': never });
    const { user } = renderDashboard(<BookingSettingsCard user={aUser()} onUserChange={() => {}} />);

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
  });

  it('checks the price before sending it', async () => {
    const { calls } = stubApi({});
    const { user } = renderDashboard(<BookingSettingsCard user={aUser()} onUserChange={() => {}} />);

    await user.click(screen.getByRole('switch', { name: 'Enable booking' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a booking price to enable booking')).toBeInTheDocument();

    await user.type(priceInput()!, '0.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Booking price must be between $1.00 and $10,000.00')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("shows the server's message when it has one, else the spec's", async () => {
    stubApi({
      'PUT /api/users/booking-settings': {
        status: 400,
        body: { statusCode: 400, message: 'Booking price must be a dollar amount like 25 or 25.50' },
      },
    });
    const { user } = renderDashboard(<BookingSettingsCard user={aUser()} onUserChange={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Booking price must be a dollar amount like 25 or 25.50')).toBeInTheDocument();
  });

  it("falls back to the spec's message", async () => {
    stubApi({ 'PUT /api/users/booking-settings': { status: 502 } });
    const { user } = renderDashboard(<BookingSettingsCard user={aUser()} onUserChange={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update booking settings. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });
});
