import { stubApi } from '@/test/render-dashboard';
import { uploadProductFile } from './products';

/** XMLHttpRequest as the uploads use it: records each PUT, reports its progress, answers 200 with an ETag. */
class FakeUpload {
  static sent: Array<{ url: string; size: number; contentType: string | null }> = [];
  static failAt: number | null = null;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  responseText = '';
  private url = '';
  private contentType: string | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(_name: string, value: string) {
    this.contentType = value;
  }
  getResponseHeader() {
    return `"etag-${FakeUpload.sent.length}"`;
  }
  send(body: Blob) {
    FakeUpload.sent.push({ url: this.url, size: body.size, contentType: this.contentType });
    queueMicrotask(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: body.size, total: body.size });
      this.status = FakeUpload.failAt === FakeUpload.sent.length ? 500 : 200;
      this.onload?.();
    });
  }
}

describe('uploadProductFile', () => {
  beforeEach(() => {
    FakeUpload.sent = [];
    FakeUpload.failAt = null;
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
  });

  it('sends a file in one PUT with no type, reporting progress', async () => {
    const { calls } = stubApi({ 'POST /api/objects/upload': { body: { uploadURL: 'http://x/objects/uploads/a/b?token=t' } } });
    const progress: number[] = [];
    const file = new File(['%PDF-1.4 hello'], 'guide.pdf', { type: 'application/pdf' });

    expect(await uploadProductFile(file, (fraction) => progress.push(fraction))).toBe('http://x/objects/uploads/a/b?token=t');
    expect(calls[0]).toEqual({ method: 'POST', path: '/api/objects/upload', body: { purpose: 'product-file', size: file.size } });
    expect(FakeUpload.sent).toEqual([{ url: 'http://x/objects/uploads/a/b?token=t', size: file.size, contentType: null }]);
    expect(progress).toEqual([1]);
  });

  it('sends parts in order when the server asks, then completes with their ETags', async () => {
    const multipart = { uploadId: 'up-1', partSize: 4, partURLs: ['http://s3/p1', 'http://s3/p2', 'http://s3/p3'] };
    const { calls } = stubApi({
      'POST /api/objects/upload': { body: { uploadURL: 'http://s3/uploads/a/b', multipart } },
      'POST /api/objects/upload/complete': { body: { message: 'Uploaded' } },
    });
    const progress: number[] = [];
    await uploadProductFile(new File(['0123456789'], 'big.zip'), (fraction) => progress.push(fraction));

    expect(FakeUpload.sent.map((put) => [put.url, put.size])).toEqual([['http://s3/p1', 4], ['http://s3/p2', 4], ['http://s3/p3', 2]]);
    expect(progress).toEqual([0.4, 0.8, 1]);
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      path: '/api/objects/upload/complete',
      body: { uploadURL: 'http://s3/uploads/a/b', uploadId: 'up-1', parts: [1, 2, 3].map((n) => ({ partNumber: n, etag: `"etag-${n}"` })) },
    });
  });

  it('aborts the upload when a part fails', async () => {
    FakeUpload.failAt = 2;
    const { calls } = stubApi({
      'POST /api/objects/upload': { body: { uploadURL: 'http://s3/uploads/a/b', multipart: { uploadId: 'up-2', partSize: 4, partURLs: ['http://s3/p1', 'http://s3/p2'] } } },
      'POST /api/objects/upload/abort': { body: { message: 'Aborted' } },
    });
    await expect(uploadProductFile(new File(['01234567'], 'big.zip'), () => undefined)).rejects.toThrow('The upload failed (500). Try again.');
    expect(calls.at(-1)).toEqual({ method: 'POST', path: '/api/objects/upload/abort', body: { uploadURL: 'http://s3/uploads/a/b', uploadId: 'up-2' } });
  });
});
