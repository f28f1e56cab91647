import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { never, renderDashboard, stubApi } from '@/test/render-dashboard';
import { QrCodeButton } from './qr-code-button';

const URL = 'https://links.example/maya';

const renderButton = () => renderDashboard(<QrCodeButton username="maya" />);

describe('QrCodeButton', () => {
  it('asks for nothing until opened', () => {
    const { calls } = stubApi({ 'GET /api/qr-code': { body: { url: URL } } });
    renderButton();

    expect(screen.getByRole('button', { name: 'QR code' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows the code, the URL it opens and the SVG and PNG downloads', async () => {
    stubApi({ 'GET /api/qr-code': { body: { url: URL } } });
    const { user } = renderButton();

    await user.click(screen.getByRole('button', { name: 'QR code' }));
    const dialog = screen.getByRole('dialog', { name: 'QR code' });

    const image = await within(dialog).findByRole('img', { name: 'QR code for links.example/maya' });
    expect(image).toHaveAttribute('src', '/api/qr-code.svg');
    expect(within(dialog).getByTestId('qr-code-url')).toHaveTextContent(URL);
    const svg = within(dialog).getByRole('link', { name: 'Download SVG' });
    expect(svg).toHaveAttribute('href', '/api/qr-code.svg');
    expect(svg).toHaveAttribute('download', 'linkbio-maya-qr.svg');
    const png = within(dialog).getByRole('link', { name: 'Download PNG' });
    expect(png).toHaveAttribute('href', '/api/qr-code.png');
    expect(png).toHaveAttribute('download', 'linkbio-maya-qr.png');
  });

  it('works from the keyboard: open, reach both downloads, close back to the button', async () => {
    stubApi({ 'GET /api/qr-code': { body: { url: URL } } });
    const { user } = renderButton();

    await user.tab();
    const button = screen.getByRole('button', { name: 'QR code' });
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'QR code' });

    const reached: (string | null)[] = [];
    for (let i = 0; i < 3; i += 1) {
      await user.tab();
      reached.push(document.activeElement?.textContent?.trim() ?? null);
    }
    expect(reached).toEqual(['Download SVG', 'Download PNG', 'Close']);
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });

  it('shows a placeholder for the URL while it loads', async () => {
    stubApi({ 'GET /api/qr-code': never });
    const { user } = renderButton();

    await user.click(screen.getByRole('button', { name: 'QR code' }));
    const dialog = screen.getByRole('dialog', { name: 'QR code' });

    expect(within(dialog).getByText('Loading the address this code opens')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'QR code for your page' })).toHaveAttribute(
      'src',
      '/api/qr-code.svg',
    );
  });

  it('says so when the URL or the image cannot be loaded', async () => {
    stubApi({ 'GET /api/qr-code': { status: 500, body: { statusCode: 500, message: 'Something went wrong' } } });
    const { user } = renderButton();

    await user.click(screen.getByRole('button', { name: 'QR code' }));
    const dialog = screen.getByRole('dialog', { name: 'QR code' });

    expect(await within(dialog).findByText('The address this code opens could not be loaded.')).toBeInTheDocument();
    fireEvent.error(within(dialog).getByRole('img'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The QR code could not be loaded.');
    expect(within(dialog).getByRole('link', { name: 'Download PNG' })).toBeInTheDocument();
  });
});
