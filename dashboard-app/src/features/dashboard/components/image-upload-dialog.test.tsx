import { fireEvent, screen, waitFor } from '@testing-library/react';
import { AVATAR_MAX_BYTES } from '@linkbio/shared-contracts';
import { renderDashboard, stubApi } from '@/test/render-dashboard';
import { ImageUploadDialog } from './image-upload-dialog';

describe('ImageUploadDialog', () => {
  const renderDialog = () => {
    const onUploaded = vi.fn(() => Promise.resolve());
    const onFailed = vi.fn();
    const view = renderDashboard(
      <ImageUploadDialog
        open
        onOpenChange={() => {}}
        title="Upload a profile picture"
        description="Choose one image from your device."
        note="JPG, PNG up to 2MB. Square images work best."
        maxFileSize={AVATAR_MAX_BYTES}
        onUploaded={onUploaded}
        onFailed={onFailed}
      />,
    );
    return { ...view, onUploaded, onFailed };
  };

  it("opens Uppy's dashboard with the spec's hint", async () => {
    stubApi({});
    renderDialog();

    expect(screen.getByRole('dialog', { name: 'Upload a profile picture' })).toBeInTheDocument();
    expect(await screen.findByText('JPG, PNG up to 2MB. Square images work best.')).toBeInTheDocument();
  });

  it('reports a failure when the upload API is not there (no fake success)', async () => {
    const { calls } = stubApi({ 'POST /api/objects/upload': { status: 404, body: { message: 'Not found' } } });
    // Uppy previews images through object URLs, which jsdom cannot read.
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const { onUploaded, onFailed } = renderDialog();

    const input = await waitFor(() => {
      const found = document.querySelector<HTMLInputElement>('.uppy-Dashboard-input');
      if (!found) throw new Error('no file input yet');
      return found;
    });
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(100)], 'me.png', { type: 'image/png' })] } });
    const upload = await screen.findByRole('button', { name: /Upload 1 file/i });
    fireEvent.click(upload);

    await waitFor(() => expect(onFailed).toHaveBeenCalledTimes(1));
    expect(onUploaded).not.toHaveBeenCalled();
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/objects/upload')).toBe(true);
  });
});
