import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SubscriptionView } from '@linkbio/shared-contracts';
import { useToastStore } from '@/components/ui/toast-store';
import { findToast } from '@/test/render';
import { renderDashboard, stubApi } from '@/test/render-dashboard';
import { formatDate } from '../format-date';
import { PlanCard } from './plan-card';

const PERIOD_END = '2026-08-15T12:00:00.000Z';
const premium = (overrides: Partial<SubscriptionView> = {}): SubscriptionView => ({
  plan: 'premium',
  status: 'active',
  currentPeriodEnd: PERIOD_END,
  cancelAtPeriodEnd: false,
  ...overrides,
});
const free: SubscriptionView = { plan: 'free', status: 'none', currentPeriodEnd: null, cancelAtPeriodEnd: false };

const card = () => screen.getByRole('region', { name: 'Plan' });

describe('PlanCard', () => {
  it('shows a skeleton while the plan loads', () => {
    stubApi({ 'GET /api/subscription': () => new Promise(() => {}) });
    renderDashboard(<PlanCard />);
    expect(within(card()).getByRole('status', { name: 'Loading your plan' })).toBeInTheDocument();
  });

  it('offers Premium to a free creator, linking to /subscribe', async () => {
    stubApi({ 'GET /api/subscription': { body: free } });
    const { user, router } = renderDashboard(<PlanCard />);
    expect(await within(card()).findByText('Free')).toBeInTheDocument();
    expect(within(card()).getByText('Up to 5 links')).toBeInTheDocument();
    await user.click(within(card()).getByRole('link', { name: 'Upgrade to Premium' }));
    expect(router.state.location.pathname).toBe('/subscribe');
  });

  it("shows 'Premium until <date>' and no cancel control once cancelled", async () => {
    stubApi({ 'GET /api/subscription': { body: premium({ status: 'canceling', cancelAtPeriodEnd: true }) } });
    renderDashboard(<PlanCard />);
    expect(await within(card()).findByText(`Premium until ${formatDate(PERIOD_END)}`)).toBeInTheDocument();
    expect(within(card()).queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
  });

  it('asks before cancelling; keeping Premium sends nothing', async () => {
    const { calls } = stubApi({ 'GET /api/subscription': { body: premium() } });
    const { user } = renderDashboard(<PlanCard />);
    expect(await within(card()).findByText('Premium')).toBeInTheDocument();
    expect(within(card()).getByText(formatDate(PERIOD_END))).toBeInTheDocument();
    expect(within(card()).getByText(/Renews on/)).toBeInTheDocument();

    await user.click(within(card()).getByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Premium?' });
    expect(dialog).toHaveAccessibleDescription(new RegExp(`You keep Premium until ${formatDate(PERIOD_END)}`));
    await user.click(within(dialog).getByRole('button', { name: 'Keep Premium' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("cancels on confirmation, tells so and shows 'Premium until <date>'", async () => {
    let subscription = premium();
    const onPlanChanged = vi.fn();
    const { calls } = stubApi({
      'GET /api/subscription': () => ({ body: subscription }),
      'POST /api/subscription/cancel': () => {
        subscription = premium({ status: 'canceling', cancelAtPeriodEnd: true });
        return { body: subscription };
      },
    });
    const { user } = renderDashboard(<PlanCard onPlanChanged={onPlanChanged} />);
    await user.click(await within(card()).findByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Premium?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));

    expect(await findToast('Subscription cancelled')).toMatchObject({
      description: `You keep Premium until ${formatDate(PERIOD_END)}.`,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(card()).findByText(`Premium until ${formatDate(PERIOD_END)}`)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST' && call.path === '/api/subscription/cancel')).toHaveLength(1);
    expect(onPlanChanged).toHaveBeenCalledTimes(1);
  });

  it("says 'Error' with the server's message when cancelling fails, and keeps the dialog open", async () => {
    stubApi({
      'GET /api/subscription': { body: premium() },
      'POST /api/subscription/cancel': {
        status: 400,
        body: { statusCode: 400, message: 'You have no active subscription to cancel.' },
      },
    });
    const { user } = renderDashboard(<PlanCard />);
    await user.click(await within(card()).findByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Premium?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    // The open dialog hides the rest of the page (and the toasts' region) from assistive tech: read the store.
    await waitFor(() =>
      expect(useToastStore.getState().toasts[0]).toMatchObject({
        title: 'Error',
        description: 'You have no active subscription to cancel.',
        variant: 'destructive',
      }),
    );
    expect(screen.getByRole('dialog', { name: 'Cancel Premium?' })).toBeInTheDocument();
  });
});
