import { screen, waitFor, within } from '@testing-library/react';
import { vi } from 'vitest';
import { TwoFactorMessages } from '@linkbio/shared-contracts';
import { never, renderDashboard, stubApi } from '@/test/render-dashboard';
import { TwoFactorCard } from './two-factor-card';

const SETUP = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Linkbio:maya?secret=JBSWY3DPEHPK3PXP',
  qrCodeSvg: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
};
const CODES = Array.from({ length: 10 }, (_, index) => `code-${index}-abcd`);

const renderCard = () => renderDashboard(<TwoFactorCard />);

describe('TwoFactorCard', () => {
  it('shows loading, then that it is off, with the way to set it up', async () => {
    stubApi({ 'GET /api/auth/2fa': { body: { enabled: false, recoveryCodesLeft: 0 } } });
    renderCard();

    expect(screen.getByRole('status', { name: 'Loading two-factor sign-in' })).toBeInTheDocument();
    expect(await screen.findByText('Off')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set up two-factor sign-in' })).toBeEnabled();
  });

  it("shows 'Starting...' on a disabled button while the set-up is asked for", async () => {
    stubApi({
      'GET /api/auth/2fa': { body: { enabled: false, recoveryCodesLeft: 0 } },
      'POST /api/auth/2fa/setup': never,
    });
    const { user } = renderCard();

    await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await screen.findByRole('button', { name: 'Starting...' })).toBeDisabled();
  });

  it('sets it up: QR code as an image, the key as text, a wrong code inline, then the codes shown once', async () => {
    let enabled = false;
    const { calls } = stubApi({
      'GET /api/auth/2fa': () => ({ body: { enabled, recoveryCodesLeft: enabled ? 10 : 0 } }),
      'POST /api/auth/2fa/setup': { body: SETUP },
      'POST /api/auth/2fa/enable': ({ body }) => {
        if ((body as { code: string }).code !== '123456') {
          return { status: 400, body: { statusCode: 400, message: TwoFactorMessages.codeWrong } };
        }
        enabled = true;
        return { body: { message: TwoFactorMessages.enabled, recoveryCodes: CODES } };
      },
    });
    const { user } = renderCard();
    // After user-event's set-up, which puts its own clipboard in place.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const createObjectURL = vi.fn(() => 'blob:codes');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

    await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    const qr = await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' });
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(SETUP.qrCodeSvg)}`);
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByTestId('two-factor-secret')).toHaveTextContent(SETUP.secret);
    const code = screen.getByLabelText('6-digit code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');

    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(TwoFactorMessages.codeRequired)).toBeInTheDocument();

    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(TwoFactorMessages.codeWrong)).toBeInTheDocument();
    expect(screen.getByLabelText('6-digit code')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(screen.getByLabelText('6-digit code'));
    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(screen.getByRole('status')).toHaveTextContent(TwoFactorMessages.enabled);

    await user.click(screen.getByRole('button', { name: 'Copy codes' }));
    expect(writeText).toHaveBeenCalledWith(`${CODES.join('\n')}\n`);
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download .txt' }));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(click).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(await screen.findByText('On')).toBeInTheDocument();
    expect(screen.getByTestId('recovery-codes-left')).toHaveTextContent('10 of 10 recovery codes left.');
    expect(calls.filter((call) => call.path === '/api/auth/2fa/enable').map((call) => call.body)).toEqual([
      { code: '000000' },
      { code: '123456' },
    ]);
  });

  it('turns it off with the password and a recovery code; a wrong password shows under its field', async () => {
    let enabled = true;
    const { calls } = stubApi({
      'GET /api/auth/2fa': () => ({ body: { enabled, recoveryCodesLeft: enabled ? 7 : 0 } }),
      'POST /api/auth/2fa/disable': ({ body }) => {
        if ((body as { password: string }).password !== 'secret-pass') {
          return { status: 400, body: { statusCode: 400, message: TwoFactorMessages.passwordWrong } };
        }
        enabled = false;
        return { body: { message: TwoFactorMessages.disabled } };
      },
    });
    const { user } = renderCard();

    expect(await screen.findByTestId('recovery-codes-left')).toHaveTextContent('7 of 10 recovery codes left.');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in?' });

    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText('Password is required')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/auth/2fa/disable')).toBe(false);

    await user.type(within(dialog).getByLabelText('Password'), 'wrong-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(within(dialog).getByLabelText('Recovery code'), 'code-1-abcd');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText(TwoFactorMessages.passwordWrong)).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'secret-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('status')).toHaveTextContent(TwoFactorMessages.disabled);
    expect(await screen.findByText('Off')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/auth/2fa/disable').at(-1)?.body).toEqual({
      password: 'secret-pass',
      recoveryCode: 'code-1-abcd',
    });
  });
});
