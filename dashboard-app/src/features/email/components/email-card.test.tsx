import { screen } from '@testing-library/react';
import { vi } from 'vitest';
import { EmailMessages, Messages } from '@linkbio/shared-contracts';
import { aUser, never, renderDashboard, stubApi } from '@/test/render-dashboard';
import { EmailCard } from './email-card';

const renderCard = (overrides: Parameters<typeof aUser>[0] = {}, onEmailChange = vi.fn()) => ({
  ...renderDashboard(<EmailCard user={aUser(overrides)} onEmailChange={onEmailChange} />),
  onEmailChange,
});

async function fill(user: ReturnType<typeof renderCard>['user'], email: string, password: string) {
  if (email) await user.type(screen.getByLabelText('New Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Change email' }));
}

describe('EmailCard', () => {
  it('shows the current address as confirmed, with labelled fields and no resend button', () => {
    stubApi({});
    renderCard();

    expect(screen.getByRole('region', { name: 'Email' })).toBeInTheDocument();
    expect(screen.getByTestId('current-email')).toHaveTextContent('maya@example.com');
    expect(screen.getByText('Confirmed')).toBeInTheDocument();
    expect(screen.getByLabelText('New Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.queryByRole('button', { name: 'Resend the link' })).not.toBeInTheDocument();
  });

  it('treats a view without emailVerified as confirmed', () => {
    stubApi({});
    const withoutField: { email: string; emailVerified?: boolean } = { ...aUser() };
    delete withoutField.emailVerified;
    renderDashboard(<EmailCard user={withoutField} onEmailChange={vi.fn()} />);
    expect(screen.getByText('Confirmed')).toBeInTheDocument();
  });

  it("marks an unconfirmed address and resends the link, showing the server's answer", async () => {
    const { calls } = stubApi({
      'POST /api/auth/email/resend': { body: { message: EmailMessages.sent('maya@example.com') } },
    });
    const { user } = renderCard({ emailVerified: false });

    expect(screen.getByText('Not confirmed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(EmailMessages.sent('maya@example.com'));
    expect(calls).toEqual([{ method: 'POST', path: '/api/auth/email/resend', body: undefined }]);
  });

  it('checks the fields before sending anything', async () => {
    const { calls } = stubApi({});
    const { user } = renderCard();

    await fill(user, 'not-an-email', '');
    expect(await screen.findByText(Messages.invalidEmail)).toBeInTheDocument();
    expect(screen.getByText(Messages.passwordRequired)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("shows 'Changing...' on a disabled button while the call runs", async () => {
    stubApi({ 'POST /api/auth/email': never });
    const { user } = renderCard();
    await fill(user, 'new@example.com', 'secret-pass');
    expect(await screen.findByRole('button', { name: 'Changing...' })).toBeDisabled();
  });

  it('shows a wrong password (400) and a taken address (409) under their fields', async () => {
    let reply: { status: number; body: { statusCode: number; message: string } } = {
      status: 400,
      body: { statusCode: 400, message: EmailMessages.passwordWrong },
    };
    stubApi({ 'POST /api/auth/email': () => reply });
    const { user } = renderCard();

    await fill(user, 'new@example.com', 'wrong-pass');
    expect(await screen.findByText(EmailMessages.passwordWrong)).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');

    reply = { status: 409, body: { statusCode: 409, message: 'That email address is in use' } };
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    expect(await screen.findByText('That email address is in use')).toBeInTheDocument();
    expect(screen.getByLabelText('New Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('New Email')).toHaveValue('new@example.com');
  });

  it("sends the new address and password, shows the server's message and refreshes the user", async () => {
    const { calls } = stubApi({
      'POST /api/auth/email': { body: { message: EmailMessages.sent('new@example.com') } },
    });
    const { user, onEmailChange } = renderCard();

    await fill(user, ' new@example.com ', 'secret-pass');
    expect(await screen.findByRole('status')).toHaveTextContent(EmailMessages.sent('new@example.com'));
    expect(calls).toEqual([
      { method: 'POST', path: '/api/auth/email', body: { email: 'new@example.com', password: 'secret-pass' } },
    ]);
    expect(onEmailChange).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('New Email')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });
});
