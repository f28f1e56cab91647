import { screen, waitFor, within } from '@testing-library/react';
import { vi } from 'vitest';
import { DeletionMessages } from '@linkbio/shared-contracts';
import { never, renderDashboard, stubApi } from '@/test/render-dashboard';
import { DeleteAccountCard } from './delete-account-card';

const renderCard = (onDeleted = vi.fn()) => ({
  ...renderDashboard(<DeleteAccountCard onDeleted={onDeleted} />),
  onDeleted,
});

const openDialog = async (user: ReturnType<typeof renderCard>['user']) => {
  await user.click(await screen.findByRole('button', { name: 'Delete account' }));
  return screen.findByRole('dialog', { name: 'Delete your account?' });
};

describe('DeleteAccountCard', () => {
  it('explains what goes: page at once, username after 30 days; nothing about earnings or Premium when none', async () => {
    stubApi({ 'GET /api/users/me/deletion': { body: { unpaidCents: 0, premium: false } } });
    renderCard();

    const card = screen.getByRole('region', { name: 'Delete account' });
    expect(within(card).getByRole('status', { name: 'Loading what deleting means' })).toBeInTheDocument();
    expect(await within(card).findByText('Your page and links are gone at once.')).toBeInTheDocument();
    expect(card).toHaveTextContent('Your username becomes free for others after 30 days.');
    expect(card).not.toHaveTextContent('not yet paid out');
    expect(card).not.toHaveTextContent('Premium');
  });

  it('names the unpaid earnings and Premium, and asks to acknowledge the earnings in the dialog', async () => {
    const { calls } = stubApi({
      'GET /api/users/me/deletion': { body: { unpaidCents: 12345, premium: true } },
      'DELETE /api/users/me': { body: { message: DeletionMessages.deleted } },
    });
    const { user, onDeleted } = renderCard();

    const card = screen.getByRole('region', { name: 'Delete account' });
    expect(await within(card).findByText('$123.45')).toBeInTheDocument();
    expect(card).toHaveTextContent('Your Premium subscription is cancelled at once, with no further charge.');

    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Password is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Password'), 'secret-pass');
    await user.click(
      within(dialog).getByRole('checkbox', {
        name: 'I understand that I give up $123.45 in earnings not yet paid out.',
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith(DeletionMessages.deleted));
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
      { method: 'DELETE', path: '/api/users/me', body: { password: 'secret-pass', acknowledgeUnpaidEarnings: true } },
    ]);
  });

  it("shows 'Deleting...' on disabled buttons while it runs", async () => {
    stubApi({
      'GET /api/users/me/deletion': { body: { unpaidCents: 0, premium: false } },
      'DELETE /api/users/me': never,
    });
    const { user } = renderCard();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Password'), 'secret-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });

  it("shows a wrong password under the field, and a 409 in the server's words without ticking anything", async () => {
    let unpaidCents = 0;
    let reply: { status: number; body: { statusCode: number; message: string } } = {
      status: 400,
      body: { statusCode: 400, message: DeletionMessages.passwordWrong },
    };
    const { calls } = stubApi({
      'GET /api/users/me/deletion': () => ({ body: { unpaidCents, premium: false } }),
      'DELETE /api/users/me': () => reply,
    });
    const { user, onDeleted } = renderCard();
    const dialog = await openDialog(user);

    await user.type(within(dialog).getByLabelText('Password'), 'wrong-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText(DeletionMessages.passwordWrong)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');

    unpaidCents = 500;
    reply = { status: 409, body: { statusCode: 409, message: DeletionMessages.unpaidEarnings('$5.00') } };
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(DeletionMessages.unpaidEarnings('$5.00'));
    const box = await within(dialog).findByRole('checkbox', {
      name: 'I understand that I give up $5.00 in earnings not yet paid out.',
    });
    expect(box).not.toBeChecked();
    expect(onDeleted).not.toHaveBeenCalled();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.body)).toEqual([
      { password: 'wrong-pass' },
      { password: 'wrong-pass' },
    ]);
  });
});
