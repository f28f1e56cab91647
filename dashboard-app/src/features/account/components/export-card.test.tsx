import { screen } from '@testing-library/react';
import { vi } from 'vitest';
import { renderDashboard, stubApi } from '@/test/render-dashboard';
import { ExportCard } from './export-card';

function stubDownload() {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:export');
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
  const downloads: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
  return { createObjectURL, downloads };
}

describe('ExportCard', () => {
  it('downloads the file under the name the server gives it', async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ exportedAt: '2026-03-01T00:00:00.000Z' }), {
          status: 200,
          headers: {
            'Content-Type': 'application/json',
            'Content-Disposition': 'attachment; filename="linkbio-maya-2026-03-01.json"',
          },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { createObjectURL, downloads } = stubDownload();
    const { user } = renderDashboard(<ExportCard />);

    expect(screen.getByRole('region', { name: 'Your data' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download your data' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your data is downloading as linkbio-maya-2026-03-01.json.',
    );
    expect(downloads).toEqual(['linkbio-maya-2026-03-01.json']);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/api/users/me/export', { credentials: 'include' });
  });

  it("shows 'Preparing...' on a disabled button while the file is made", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const { user } = renderDashboard(<ExportCard />);
    await user.click(screen.getByRole('button', { name: 'Download your data' }));
    expect(await screen.findByRole('button', { name: 'Preparing...' })).toBeDisabled();
  });

  it("shows too many downloads (429) in the API's words and downloads nothing", async () => {
    stubApi({
      'GET /api/users/me/export': {
        status: 429,
        body: { statusCode: 429, message: 'Too many downloads. Please try again in 40 minutes.' },
      },
    });
    const { downloads } = stubDownload();
    const { user } = renderDashboard(<ExportCard />);

    await user.click(screen.getByRole('button', { name: 'Download your data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many downloads. Please try again in 40 minutes.');
    expect(downloads).toEqual([]);
    expect(screen.getByRole('button', { name: 'Download your data' })).toBeEnabled();
  });
});
