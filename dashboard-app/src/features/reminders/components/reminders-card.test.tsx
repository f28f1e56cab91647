import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ReminderMessages, type ReminderSettingsView } from '@linkbio/shared-contracts';
import { never, renderDashboard, stubApi } from '@/test/render-dashboard';
import { RemindersCard } from './reminders-card';

const ALL_ON: ReminderSettingsView = { visitor24h: true, visitor1h: true, creator24h: true, creator1h: true };
const card = () => screen.getByRole('region', { name: 'Reminders' });
const switchFor = (label: string) => within(card()).getByRole('switch', { name: label });

describe('RemindersCard', () => {
  it('shows a skeleton while loading', () => {
    stubApi({ 'GET /api/users/reminders': never });
    renderDashboard(<RemindersCard />);
    expect(within(card()).getByRole('status', { name: ReminderMessages.loading })).toBeInTheDocument();
  });

  it('offers to try again when the switches cannot be loaded', async () => {
    let fail = true;
    stubApi({
      'GET /api/users/reminders': () => (fail ? { status: 503, body: { statusCode: 503, message: 'Please try again in a moment.' } } : { body: ALL_ON }),
    });
    renderDashboard(<RemindersCard />);

    expect(await within(card()).findByRole('alert')).toHaveTextContent('Please try again in a moment.');
    fail = false;
    await userEvent.click(within(card()).getByRole('button', { name: ReminderMessages.retry }));
    expect(await within(card()).findByRole('switch', { name: ReminderMessages.labels.visitor24h })).toBeChecked();
  });

  it('shows each switch as saved, in two labelled groups', async () => {
    stubApi({ 'GET /api/users/reminders': { body: { ...ALL_ON, visitor1h: false, creator24h: false } } });
    renderDashboard(<RemindersCard />);

    expect(await within(card()).findByRole('switch', { name: ReminderMessages.labels.visitor24h })).toBeChecked();
    expect(switchFor(ReminderMessages.labels.visitor1h)).not.toBeChecked();
    expect(switchFor(ReminderMessages.labels.creator24h)).not.toBeChecked();
    expect(switchFor(ReminderMessages.labels.creator1h)).toBeChecked();
    expect(within(card()).getByRole('group', { name: 'Your visitors' })).toBeInTheDocument();
    expect(within(card()).getByRole('group', { name: 'You' })).toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'Save reminders' })).toBeDisabled();
  });

  it('saves all four switches together and says so', async () => {
    const { calls } = stubApi({
      'GET /api/users/reminders': { body: ALL_ON },
      'PUT /api/users/reminders': ({ body }) => ({ body }),
    });
    renderDashboard(<RemindersCard />);
    const user = userEvent.setup();

    await user.click(await within(card()).findByRole('switch', { name: ReminderMessages.labels.visitor24h }));
    await user.click(switchFor(ReminderMessages.labels.creator1h));
    await user.click(within(card()).getByRole('button', { name: 'Save reminders' }));

    expect(await within(card()).findByText(ReminderMessages.saved, { selector: '[role="status"]' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/api/users/reminders', body: { visitor24h: false, visitor1h: true, creator24h: true, creator1h: false } },
    ]);
    expect(switchFor(ReminderMessages.labels.visitor24h)).not.toBeChecked();
    expect(within(card()).getByRole('button', { name: 'Save reminders' })).toBeDisabled();
  });

  it('shows the API’s words when saving fails and keeps the choice', async () => {
    stubApi({
      'GET /api/users/reminders': { body: ALL_ON },
      'PUT /api/users/reminders': { status: 400, body: { statusCode: 400, message: ReminderMessages.switchBoolean('visitor1h') } },
    });
    renderDashboard(<RemindersCard />);
    const user = userEvent.setup();

    await user.click(await within(card()).findByRole('switch', { name: ReminderMessages.labels.visitor1h }));
    await user.click(within(card()).getByRole('button', { name: 'Save reminders' }));

    expect(await within(card()).findByRole('alert')).toHaveTextContent(ReminderMessages.switchBoolean('visitor1h'));
    expect(switchFor(ReminderMessages.labels.visitor1h)).not.toBeChecked();
    expect(within(card()).getByRole('button', { name: 'Save reminders' })).toBeEnabled();
  });
});
