import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { SupportMessages } from '@linkbio/shared-contracts';
import { never, renderDashboard, stubApi } from '@/test/render-dashboard';
import { FREE_SUPPORT_NOTE, PREMIUM_SUPPORT_NOTE, SupportDialog } from './support-dialog';

function Harness({ isPremium = false }: { isPremium?: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open help
      </button>
      <SupportDialog open={open} onOpenChange={setOpen} isPremium={isPremium} />
    </>
  );
}

const openDialog = (isPremium = false) => {
  const view = renderDashboard(<Harness isPremium={isPremium} />);
  const dialog = screen.getByRole('dialog', { name: 'How can we help?' });
  return {
    ...view,
    dialog,
    subject: within(dialog).getByLabelText('Subject'),
    message: within(dialog).getByLabelText('Message'),
    send: within(dialog).getByRole('button', { name: 'Send Request' }),
  };
};

const sentRequest = {
  request: {
    id: 'a3f1c1e0-0000-4000-8000-000000000001',
    subject: 'Avatar upload fails',
    message: 'Every PNG fails.',
    priority: false,
    status: 'open',
    createdAt: '2026-03-02T12:00:00.000Z',
    closedAt: null,
  },
};

describe('SupportDialog', () => {
  it('tells a free creator when to expect the reply', () => {
    stubApi({});
    const { dialog } = openDialog(false);

    expect(within(dialog).getByText(FREE_SUPPORT_NOTE)).toBeInTheDocument();
    expect(within(dialog).queryByText(PREMIUM_SUPPORT_NOTE)).not.toBeInTheDocument();
    expect(FREE_SUPPORT_NOTE).toBe('We reply within three business days');
  });

  it('tells a Premium creator they have priority support', () => {
    stubApi({});
    const { dialog } = openDialog(true);

    expect(within(dialog).getByText(PREMIUM_SUPPORT_NOTE)).toBeInTheDocument();
    expect(PREMIUM_SUPPORT_NOTE).toBe('Premium: priority support — we reply within one business day');
  });

  it('counts the characters against the limits as the creator types', async () => {
    stubApi({});
    const { user, subject, message } = openDialog();

    expect(subject).toHaveAccessibleDescription('0 / 120 characters');
    expect(message).toHaveAccessibleDescription('0 / 5,000 characters');
    await user.type(subject, 'Upload ❤️');
    await user.type(message, 'Hello');

    // Counted as the server counts: code points, so '❤️' (heart + variation selector) is two.
    expect(subject).toHaveAccessibleDescription('9 / 120 characters');
    expect(message).toHaveAccessibleDescription('5 / 5,000 characters');
  });

  it('shows the shared validation messages and sends nothing', async () => {
    const { calls } = stubApi({});
    const { user, dialog, subject, message, send } = openDialog();

    await user.click(send);
    expect(within(dialog).getByText(SupportMessages.subjectRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(SupportMessages.messageRequired)).toBeInTheDocument();
    expect(subject).toHaveAttribute('aria-invalid', 'true');
    expect(subject).toHaveFocus();

    await user.type(subject, '   ');
    await user.click(send);
    expect(within(dialog).getByText(SupportMessages.subjectRequired)).toBeInTheDocument();

    await user.clear(subject);
    await user.click(subject);
    await user.paste('s'.repeat(121));
    await user.type(message, 'Hello');
    await user.click(send);
    expect(within(dialog).getByText('Subject must be at most 120 characters')).toBeInTheDocument();
    expect(within(dialog).queryByText(SupportMessages.messageRequired)).not.toBeInTheDocument();

    await user.clear(message);
    await user.click(message);
    await user.paste('m'.repeat(5001));
    await user.click(send);
    expect(within(dialog).getByText(SupportMessages.messageTooLong)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('clears a field’s message as soon as it is edited', async () => {
    stubApi({});
    const { user, dialog, subject, send } = openDialog();

    await user.click(send);
    await user.type(subject, 'H');

    expect(within(dialog).queryByText(SupportMessages.subjectRequired)).not.toBeInTheDocument();
    expect(within(dialog).getByText(SupportMessages.messageRequired)).toBeInTheDocument();
  });

  it("shows 'Sending...' and keeps the dialog open and its buttons disabled while sending", async () => {
    stubApi({ 'POST /api/support-requests': never });
    const { user, dialog, subject, message, send } = openDialog();

    await user.type(subject, 'Avatar upload fails');
    await user.type(message, 'Every PNG fails.');
    await user.click(send);

    expect(await within(dialog).findByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(subject).toHaveAttribute('readonly');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'How can we help?' })).toBeInTheDocument();
  });

  it('sends the trimmed request, closes, resets and says a copy was e-mailed', async () => {
    const { calls } = stubApi({ 'POST /api/support-requests': { status: 201, body: sentRequest } });
    const { user, subject, message, send } = openDialog();

    await user.type(subject, '  Avatar upload fails ');
    await user.type(message, 'Every PNG fails.  ');
    await user.click(send);

    expect(await screen.findByText('Request sent')).toBeInTheDocument();
    expect(screen.getByText("We've e-mailed you a copy.")).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/support-requests',
        body: { subject: 'Avatar upload fails', message: 'Every PNG fails.' },
      },
    ]);

    await user.click(screen.getByRole('button', { name: 'Open help' }));
    const reopened = screen.getByRole('dialog', { name: 'How can we help?' });
    expect(within(reopened).getByLabelText('Subject')).toHaveValue('');
    expect(within(reopened).getByLabelText('Message')).toHaveValue('');
  });

  it.each([
    [429, { statusCode: 429, message: SupportMessages.tooMany(42) }, SupportMessages.tooMany(42)],
    [400, { statusCode: 400, message: SupportMessages.subjectTooLong }, SupportMessages.subjectTooLong],
    [500, 'oops', 'Failed to send your request. Please try again.'],
  ])("on %i shows the server's message in an error toast and keeps what was typed", async (status, body, text) => {
    stubApi({ 'POST /api/support-requests': { status, body } });
    const { user, dialog, subject, message, send } = openDialog();

    await user.type(subject, 'Avatar upload fails');
    await user.type(message, 'Every PNG fails.');
    await user.click(send);

    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Send Request' })).toBeEnabled());
    expect(subject).toHaveValue('Avatar upload fails');
    expect(message).toHaveValue('Every PNG fails.');
  });

  it('closes on Cancel without sending', async () => {
    const { calls } = stubApi({});
    const { user, dialog } = openDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
