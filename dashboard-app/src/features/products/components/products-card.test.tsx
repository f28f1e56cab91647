import { QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createQueryClient } from '@/lib/query-client';
import { productsKey, productsQuery, useReorderProducts } from '../api/products';
import type { ProductView } from '@linkbio/shared-contracts';
import { renderDashboard, stubApi } from '@/test/render-dashboard';
import { ProductsCard } from './products-card';

let next = 0;
const aProduct = (overrides: Partial<ProductView> = {}): ProductView => {
  next += 1;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    title: `Product ${next}`,
    description: '',
    priceCents: 1200,
    minPriceCents: null,
    coverURL: null,
    file: { name: 'guide.pdf', contentType: 'application/pdf', size: 2048 },
    privateUrl: null,
    visible: true,
    order: next,
    createdAt: '2027-01-01T00:00:00.000Z',
    ...overrides,
  };
};

describe('ProductsCard', () => {
  it('shows a skeleton while loading, then the empty state', async () => {
    let answer: (products: unknown[]) => void = () => {};
    stubApi({ 'GET /api/products': () => new Promise((resolve) => (answer = (products) => resolve({ body: products }))) });
    renderDashboard(<ProductsCard />);

    expect(screen.getByTestId('products-skeleton')).toBeInTheDocument();
    answer([]);
    expect(await screen.findByText('No products yet')).toBeInTheDocument();
  });

  it('says when the products cannot be loaded, and tries again', async () => {
    let calls = 0;
    stubApi({ 'GET /api/products': () => (++calls === 1 ? { status: 500, body: { statusCode: 500, message: 'Down' } } : { body: [] }) });
    const { user } = renderDashboard(<ProductsCard />);

    expect(await screen.findByText("We couldn't load your products.")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No products yet')).toBeInTheDocument();
  });

  it('lists the products in their order with their prices', async () => {
    stubApi({
      'GET /api/products': {
        body: [aProduct({ title: 'Guide' }), aProduct({ title: 'Zine', priceCents: null, minPriceCents: 500 }), aProduct({ title: 'Draft', file: null })],
      },
    });
    renderDashboard(<ProductsCard />);

    const list = await screen.findByRole('list', { name: 'Your products' });
    const rows = within(list).getAllByTestId('product-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Guide$12.00'),
      expect.stringContaining('ZineFrom $5.00'),
      expect.stringContaining('Nothing to deliver yet'),
    ]);
  });

  it('adds a product with a private URL and pay what you want, checking the fields first', async () => {
    const { calls } = stubApi({
      'GET /api/products': { body: [] },
      'POST /api/products': (call) => ({ status: 201, body: aProduct({ ...(call.body as object), file: null }) }),
    });
    const { user } = renderDashboard(<ProductsCard />);

    await user.click(await screen.findByRole('button', { name: 'Add Product' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Product' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Product' }));
    expect(within(dialog).getByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter an amount between $1.00 and $10,000.00')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Title'), 'Course');
    await user.click(within(dialog).getByLabelText('Pay what you want'));
    await user.type(within(dialog).getByLabelText('Minimum price (USD)'), '5');
    await user.click(within(dialog).getByLabelText('A private URL'));
    await user.type(within(dialog).getByLabelText('Private URL'), 'http://insecure.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add Product' }));
    expect(within(dialog).getByText('The private URL must be an https:// address')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Private URL'));
    await user.type(within(dialog).getByLabelText('Private URL'), 'https://course.example.com/x');
    await user.click(within(dialog).getByRole('button', { name: 'Add Product' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      title: 'Course',
      description: '',
      minPriceCents: 500,
      priceCents: null,
      visible: true,
      privateUrl: 'https://course.example.com/x',
    });
    expect(await screen.findByText('Course')).toBeInTheDocument();
  });

  it('shows the server’s message when saving fails', async () => {
    stubApi({
      'GET /api/products': { body: [] },
      'POST /api/products': { status: 400, body: { statusCode: 400, message: 'You can have at most 50 products. Delete one to add another.' } },
    });
    const { user } = renderDashboard(<ProductsCard />);
    await user.click(await screen.findByRole('button', { name: 'Add Product' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Product' });
    await user.type(within(dialog).getByLabelText('Title'), 'One more');
    await user.type(within(dialog).getByLabelText('Price (USD)'), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Add Product' }));
    expect(await within(dialog).findByText('You can have at most 50 products. Delete one to add another.')).toBeInTheDocument();
  });

  it('hides a product with its switch and deletes one after confirming', async () => {
    const guide = aProduct({ title: 'Guide' });
    const { calls } = stubApi({
      'GET /api/products': { body: [guide] },
      [`PUT /api/products/${guide.id}`]: (call) => ({ body: { ...guide, ...(call.body as object) } }),
      [`DELETE /api/products/${guide.id}`]: { body: { message: 'Product deleted' } },
    });
    const { user } = renderDashboard(<ProductsCard />);

    await user.click(await screen.findByRole('switch', { name: 'Show Guide on my page' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ visible: false }));

    await user.click(screen.getByRole('button', { name: 'Delete Guide' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete “Guide”?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete Guide' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No products yet')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([`/api/products/${guide.id}`]);
  });

  it('reorders at once, saves the whole order in one call, and brings the stored order back on failure', async () => {
    const [a, b] = [aProduct({ title: 'A' }), aProduct({ title: 'B' })];
    let fail = false;
    const { calls } = stubApi({
      'PUT /api/products/order': () => (fail ? { status: 500, body: { message: 'Down' } } : { body: [b, a] }),
      'GET /api/products': { body: [a, b] },
    });
    const client = createQueryClient();
    client.setQueryData(productsKey, [a, b]);
    const unsubscribe = new QueryObserver(client, productsQuery()).subscribe(() => {});
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useReorderProducts(), { wrapper });

    act(() => result.current.mutate([b.id, a.id]));
    await waitFor(() => expect(client.getQueryData<ProductView[]>(productsKey)?.map((p) => p.title)).toEqual(['B', 'A']));
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([{ method: 'PUT', path: '/api/products/order', body: { ids: [b.id, a.id] } }]);

    fail = true;
    act(() => result.current.mutate([a.id, b.id]));
    await waitFor(() => expect(calls.some((call) => call.method === 'GET')).toBe(true));
    await waitFor(() => expect(client.getQueryData<ProductView[]>(productsKey)?.map((p) => p.title)).toEqual(['A', 'B']));
    unsubscribe();
  });
});
