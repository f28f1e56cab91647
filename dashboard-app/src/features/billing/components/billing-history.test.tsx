import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PremiumChargeView, SubscriptionView } from '@linkbio/shared-contracts';
import { useToastStore } from '@/components/ui/toast-store';
import { renderDashboard, stubApi } from '@/test/render-dashboard';
import { formatDate } from '../format-date';
import { BillingHistory } from './billing-history';
import { PlanCard } from './plan-card';

const charge = (overrides: Partial<PremiumChargeView> = {}): PremiumChargeView => ({
  id: 'c1',
  date: '2027-02-02T10:00:00.000Z',
  amountCents: 999,
  currency: 'usd',
  periodStart: '2027-02-02T10:00:00.000Z',
  periodEnd: '2027-03-02T10:00:00.000Z',
  cardLast4: '4242',
  receiptNumber: 'LB-2027-000001',
  status: 'paid',
  ...overrides,
});
const premium: SubscriptionView = { plan: 'premium', status: 'active', currentPeriodEnd: '2027-03-02T10:00:00.000Z', cancelAtPeriodEnd: false };
const history = () => screen.getByRole('region', { name: 'Billing history' });

describe('BillingHistory', () => {
  it('shows a loading state, then says when there is no charge yet', async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    stubApi({ 'GET /api/subscription/charges': () => new Promise((resolve) => (answer = resolve)) });
    renderDashboard(<BillingHistory />);
    expect(within(history()).getByRole('status', { name: 'Loading your billing history' })).toBeInTheDocument();
    answer({ body: { charges: [] } });
    expect(await within(history()).findByText(/No Premium charges yet/)).toBeInTheDocument();
  });

  it('lists each charge newest first with its date, amount, period, card and receipt number', async () => {
    stubApi({
      'GET /api/subscription/charges': {
        body: {
          charges: [
            charge({ id: 'c3', date: '2027-04-02T10:00:00.000Z', status: 'declined', receiptNumber: null, cardLast4: '4444' }),
            charge({ id: 'c2', date: '2027-03-02T10:00:00.000Z', receiptNumber: 'LB-2027-000002', periodStart: '2027-03-02T10:00:00.000Z', periodEnd: '2027-04-02T10:00:00.000Z' }),
            charge(),
          ],
        },
      },
    });
    renderDashboard(<BillingHistory />);
    const lines = within(await within(history()).findByRole('list', { name: 'Premium charges' })).getAllByRole('listitem');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toHaveTextContent(formatDate('2027-04-02T10:00:00.000Z'));
    expect(lines[0]).toHaveTextContent('$9.99 declined');
    expect(lines[0]).toHaveTextContent('Card ending in 4444');
    expect(lines[0]).not.toHaveTextContent('Receipt');
    expect(lines[1]).toHaveTextContent('Receipt LB-2027-000002');
    expect(lines[2]).toHaveTextContent('$9.99 paid');
    expect(lines[2]).toHaveTextContent(`Period: ${formatDate('2027-02-02T10:00:00.000Z')} – ${formatDate('2027-03-02T10:00:00.000Z')}`);
    expect(lines[2]).toHaveTextContent('Card ending in 4242');
    expect(lines[2]).toHaveTextContent('Receipt LB-2027-000001');
  });

  it('says so when the history cannot be loaded, with a way to try again', async () => {
    stubApi({ 'GET /api/subscription/charges': { status: 503, body: { statusCode: 503, message: 'Away' } } });
    renderDashboard(<BillingHistory />);
    expect(await within(history()).findByRole('alert')).toHaveTextContent("We couldn't load your billing history.");
    expect(within(history()).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('Changing the card (local provider)', () => {
  it('shows the card that renews Premium, refuses a declined card with its message, then saves a new one', async () => {
    let last4 = '4242';
    const { calls } = stubApi({
      'GET /api/subscription': { body: premium },
      'GET /api/subscription/charges': { body: { charges: [charge()] } },
      'GET /api/config': { body: { paymentProvider: 'local', stripePublishableKey: null } },
      'GET /api/subscription/card': () => ({ body: { card: { last4, expMonth: 12, expYear: 2034 } } }),
      'PUT /api/subscription/card': (call) => {
        const body = call.body as { cardNumber: string };
        if (body.cardNumber.replace(/ /g, '') === '4000000000000002')
          return { status: 402, body: { statusCode: 402, message: 'Your card was declined.' } };
        last4 = body.cardNumber.replace(/ /g, '').slice(-4);
        return { body: { card: { last4, expMonth: 11, expYear: 2033 } } };
      },
    });
    const { user } = renderDashboard(<PlanCard />);
    await waitFor(() => expect(screen.getByTestId('renewal-card')).toHaveTextContent('Card ending in 4242'));

    await user.click(screen.getByRole('button', { name: 'Change card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change card' });
    const fill = async (number: string) => {
      await user.clear(within(dialog).getByLabelText('Card number'));
      await user.type(within(dialog).getByLabelText('Card number'), number);
      await user.clear(within(dialog).getByLabelText('Expiry date (MM/YY)'));
      await user.type(within(dialog).getByLabelText('Expiry date (MM/YY)'), '1133');
      await user.clear(within(dialog).getByLabelText('CVC'));
      await user.type(within(dialog).getByLabelText('CVC'), '123');
      await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    };
    await fill('4000000000000002');
    await waitFor(() =>
      expect(useToastStore.getState().toasts[0]).toMatchObject({ title: 'Card not changed', description: 'Your card was declined.' }),
    );
    expect(screen.getByRole('dialog', { name: 'Change card' })).toBeInTheDocument();

    await fill('5555555555554444');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByTestId('renewal-card')).toHaveTextContent('Card ending in 4444'));
    const puts = calls.filter((call) => call.method === 'PUT' && call.path === '/api/subscription/card');
    expect(puts).toHaveLength(2);
    expect(puts[1]!.body).toEqual({ cardNumber: '5555 5555 5555 4444', expiry: '11/33', cvc: '123' });
  });
});
