import { fireEvent, screen, waitFor } from '@testing-library/react';
import { AVATAR_MAX_BYTES } from '@linkbio/shared-contracts';
import { ApiError } from '@/lib/api-client';
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

  it('shows the server’s message for a file it refuses, never “Upload complete”, and stays open', async () => {
    const refusal = 'Only JPEG, PNG, WebP and GIF images can be used (SVG and other files are refused)';
    stubApi({ 'POST /api/objects/upload': { body: { uploadURL: 'http://localhost/objects/uploads/u/1?token=t' } } });
    vi.stubGlobal('XMLHttpRequest', StoredPut);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const onUploaded = vi.fn(() => Promise.reject(new ApiError(400, JSON.stringify({ statusCode: 400, message: refusal }), 'Bad Request')));
    const onFailed = vi.fn();
    const onOpenChange = vi.fn();
    renderDashboard(
      <ImageUploadDialog
        open
        onOpenChange={onOpenChange}
        title="Upload a profile picture"
        description="Choose one image from your device."
        note="JPG, PNG up to 2MB. Square images work best."
        maxFileSize={AVATAR_MAX_BYTES}
        onUploaded={onUploaded}
        onFailed={onFailed}
      />,
    );

    const input = await waitFor(() => {
      const found = document.querySelector<HTMLInputElement>('.uppy-Dashboard-input');
      if (!found) throw new Error('no file input yet');
      return found;
    });
    // A text file named .png: the browser calls it image/png.
    const notes = new File(['my notes, not a picture'], 'notes.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [notes] } });
    fireEvent.click(await screen.findByRole('button', { name: /Upload 1 file/i }));

    expect(await screen.findByTestId('upload-refusal')).toHaveTextContent(refusal);
    expect(screen.getByTestId('upload-refusal')).toHaveAttribute('role', 'alert');
    expect(onUploaded).toHaveBeenCalledWith('http://localhost/objects/uploads/u/1?token=t');
    expect(onFailed).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
    expect(screen.queryByText(/Upload complete/i)).not.toBeInTheDocument();
    // The refused file is gone: another can be picked straight away, and picking one clears the message.
    await waitFor(() => expect(document.querySelector('.uppy-Dashboard-input')).not.toBeNull());
    fireEvent.change(document.querySelector<HTMLInputElement>('.uppy-Dashboard-input')!, {
      target: { files: [new File([new Uint8Array(10)], 'me.png', { type: 'image/png' })] },
    });
    await waitFor(() => expect(screen.queryByTestId('upload-refusal')).not.toBeInTheDocument());
  });
});

/** An object store's answer to the PUT: 200 whatever the bytes (only the product's own call checks them). */
class StoredPut {
  status = 0;
  statusText = '';
  readyState = 0;
  responseText = '';
  response = '';
  responseType = '';
  withCredentials = false;
  upload = { onprogress: null as null | ((event: unknown) => void), addEventListener: () => {} };
  onload: null | (() => void) = null;
  onerror: null | (() => void) = null;
  open() {}
  setRequestHeader() {}
  getAllResponseHeaders() {
    return '';
  }
  getResponseHeader() {
    return null;
  }
  abort() {}
  send() {
    setTimeout(() => {
      this.status = 200;
      this.readyState = 4;
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 });
      this.onload?.();
    });
  }
}
