import { QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { LinkView } from '@linkbio/shared-contracts';
import { createQueryClient } from '@/lib/query-client';
import { aLink, stubApi } from '@/test/render-dashboard';
import { linksKey, linksQuery } from './get-links';
import { inOrder, useReorderLinks } from './reorder-links';

const setup = (links: LinkView[]) => {
  const client = createQueryClient();
  client.setQueryData(linksKey, links);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useReorderLinks(), { wrapper });
  return { client, result };
};

describe('useReorderLinks', () => {
  const [a, b, c] = [aLink({ title: 'A' }), aLink({ title: 'B' }), aLink({ title: 'C' })];

  it('numbers the links by their new index', () => {
    expect(inOrder([a, b, c], [c.id, a.id, b.id]).map((link) => [link.title, link.order])).toEqual([
      ['C', 0],
      ['A', 1],
      ['B', 2],
    ]);
  });

  it('shows the new order at once and saves it with one batch call', async () => {
    let answer: () => void = () => {};
    const { calls } = stubApi({
      'PUT /api/links/order': ({ body }) =>
        new Promise((resolve) => {
          answer = () => resolve({ body: inOrder([a, b, c], (body as { ids: string[] }).ids) });
        }),
    });
    const { client, result } = setup([a, b, c]);

    act(() => result.current.mutate([c.id, a.id, b.id]));

    await waitFor(() =>
      expect(client.getQueryData<LinkView[]>(linksKey)?.map((link) => link.title)).toEqual(['C', 'A', 'B']),
    );
    expect(calls).toEqual([{ method: 'PUT', path: '/api/links/order', body: { ids: [c.id, a.id, b.id] } }]);
    answer();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(client.getQueryData<LinkView[]>(linksKey)?.map((link) => link.title)).toEqual(['C', 'A', 'B']);
  });

  it('refetches the stored order when saving fails', async () => {
    const { calls } = stubApi({
      'PUT /api/links/order': { status: 500, body: { message: 'nope' } },
      'GET /api/links': { body: [a, b, c] },
    });
    const { client, result } = setup([a, b, c]);
    // An observer, as the list has, so the invalidation refetches.
    const unsubscribe = new QueryObserver(client, linksQuery()).subscribe(() => {});

    act(() => result.current.mutate([b.id, a.id, c.id]));

    await waitFor(() => expect(result.current.isError).toBe(true));
    await waitFor(() => expect(calls.some((call) => call.method === 'GET' && call.path === '/api/links')).toBe(true));
    await waitFor(() =>
      expect(client.getQueryData<LinkView[]>(linksKey)?.map((link) => link.title)).toEqual(['A', 'B', 'C']),
    );
    unsubscribe();
  });
});
