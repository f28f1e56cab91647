import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AudienceMessages, type SubscriberView, type SubscribersPage } from '@linkbio/shared-contracts';
import { renderDashboard, stubApi } from '@/test/render-dashboard';
import { EmailListCard } from './email-list-card';

const aSubscriber = (overrides: Partial<SubscriberView> = {}): SubscriberView => ({
  id: 's-1',
  email: 'fan@example.com',
  status: 'confirmed',
  source: 'page',
  createdAt: '2026-07-05T12:00:00.000Z',
  confirmedAt: '2026-07-05T12:05:00.000Z',
  unsubscribedAt: null,
  ...overrides,
});

const page = (subscribers: SubscriberView[], enabled = true): SubscribersPage => ({
  subscribers,
  confirmedCount: subscribers.filter((s) => s.status === 'confirmed').length,
  nextCursor: null,
  settings: { enabled, title: null },
});

const card = () => screen.getByRole('region', { name: 'E-mail list' });

describe('EmailListCard', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows a skeleton while loading', () => {
    stubApi({ 'GET /api/subscribers': () => new Promise(() => {}) });
    renderDashboard(<EmailListCard isPremium={false} />);
    expect(within(card()).getByRole('status', { name: 'Loading subscribers' })).toBeInTheDocument();
  });

  it('says so when the list cannot be read, and reads it again on Try again', async () => {
    let calls = 0;
    stubApi({
      'GET /api/subscribers': () => (++calls === 1 ? { status: 500, body: { statusCode: 500, message: 'x' } } : { body: page([]) }),
    });
    renderDashboard(<EmailListCard isPremium={false} />);
    expect(await within(card()).findByText("We couldn't load your subscribers.")).toBeInTheDocument();
    await userEvent.click(within(card()).getByRole('button', { name: 'Try again' }));
    expect(await within(card()).findByText('No subscribers yet')).toBeInTheDocument();
  });

  it('is empty at first, and a free creator sees the upgrade notice instead of the announcement form', async () => {
    stubApi({ 'GET /api/subscribers': { body: page([], false) } });
    renderDashboard(<EmailListCard isPremium={false} />);
    expect(await within(card()).findByText('No subscribers yet')).toBeInTheDocument();
    expect(within(card()).getByRole('alert')).toHaveTextContent(AudienceMessages.premiumOnly);
    expect(within(card()).getByRole('link', { name: /Upgrade to Premium/ })).toHaveAttribute('href', '/subscribe');
    expect(within(card()).queryByLabelText('Subject')).not.toBeInTheDocument();
  });

  it('switches the page block on', async () => {
    const { calls } = stubApi({
      'GET /api/subscribers': { body: page([], false) },
      'PUT /api/subscribers/settings': { body: { enabled: true, title: null } },
    });
    renderDashboard(<EmailListCard isPremium={false} />);
    const toggle = await within(card()).findByRole('switch', { name: 'Show a subscribe block on my page' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ enabled: true, title: null });
  });

  it('lists subscribers with their state and the CSV, and removes one after asking', async () => {
    const { calls } = stubApi({
      'GET /api/subscribers': { body: page([aSubscriber(), aSubscriber({ id: 's-2', email: 'new@example.com', status: 'pending', confirmedAt: null })]) },
      'DELETE /api/subscribers/s-2': { body: { message: 'Subscriber removed' } },
    });
    renderDashboard(<EmailListCard isPremium={false} />);
    const list = await within(card()).findByRole('list', { name: 'Subscribers' });
    expect(within(list).getByText('fan@example.com')).toBeInTheDocument();
    expect(within(list).getByText('Waiting for confirmation')).toBeInTheDocument();
    expect(within(card()).getByText('1 confirmed')).toBeInTheDocument();
    expect(within(card()).getByRole('link', { name: /Download CSV/ })).toHaveAttribute('href', '/api/subscribers.csv');

    await userEvent.click(within(list).getByRole('button', { name: 'Remove new@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this subscriber?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/subscribers/s-2')).toBe(true));
  });

  it('Premium: checks the form, asks before sending, sends, and shows the count', async () => {
    const { calls } = stubApi({
      'GET /api/subscribers': { body: page([aSubscriber()]) },
      'GET /api/broadcasts': {
        body: { broadcasts: [{ id: 'b-1', subject: 'Old news', status: 'sent', recipientCount: 1, sentCount: 1, createdAt: '2026-07-04T10:00:00.000Z' }] },
      },
      'POST /api/broadcasts': {
        status: 202,
        body: { broadcast: { id: 'b-2', subject: 'Hello', status: 'sending', recipientCount: 1, sentCount: 0, createdAt: '2026-07-05T10:00:00.000Z' } },
      },
    });
    renderDashboard(<EmailListCard isPremium />);
    expect(await within(card()).findByText('Sent to 1')).toBeInTheDocument();
    const send = within(card()).getByRole('button', { name: 'Send to 1 subscriber' });
    await userEvent.click(send);
    expect(within(card()).getByText(AudienceMessages.subjectRequired)).toBeInTheDocument();
    expect(within(card()).getByText(AudienceMessages.bodyRequired)).toBeInTheDocument();

    await userEvent.type(within(card()).getByLabelText('Subject'), 'Hello');
    await userEvent.type(within(card()).getByLabelText('Message'), 'New prints are out.');
    await userEvent.click(send);
    const dialog = await screen.findByRole('dialog', { name: 'Send this announcement?' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send now' }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ subject: 'Hello', body: 'New prints are out.' }),
    );
  });

  it('shows the server’s word when a second announcement of the day is refused', async () => {
    stubApi({
      'GET /api/subscribers': { body: page([aSubscriber()]) },
      'GET /api/broadcasts': { body: { broadcasts: [] } },
      'POST /api/broadcasts': { status: 409, body: { statusCode: 409, message: AudienceMessages.oneBroadcastADay } },
    });
    renderDashboard(<EmailListCard isPremium />);
    await userEvent.type(await within(card()).findByLabelText('Subject'), 'Again');
    await userEvent.type(within(card()).getByLabelText('Message'), 'More');
    await userEvent.click(within(card()).getByRole('button', { name: 'Send to 1 subscriber' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText(AudienceMessages.oneBroadcastADay)).toBeInTheDocument();
  });
});
