import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OrderMessages, type SaleView, type TipSettingsView } from '@linkbio/shared-contracts';
import { renderDashboard, stubApi } from '@/test/render-dashboard';
import { SalesCard } from './sales-card';
import { presetCents } from './tip-settings-form';

const aSale = (overrides: Partial<SaleView> = {}): SaleView => ({
  id: 's-1',
  kind: 'product',
  customerName: 'Ada Lovelace',
  customerEmail: 'ada@example.com',
  title: 'The Guide',
  message: null,
  amount: 1200,
  userAmount: 1000,
  platformFee: 200,
  discountCents: 0,
  status: 'paid',
  createdAt: '2026-07-05T12:00:00.000Z',
  paidAt: '2026-07-05T12:01:00.000Z',
  ...overrides,
});

const tips: TipSettingsView = { enabled: false, presets: [300, 500, 1000], message: null };
const page = (sales: SaleView[]) => ({ sales, nextCursor: null });
const card = () => screen.getByRole('region', { name: 'Sales' });

describe('SalesCard', () => {
  it('reads preset amounts as the server takes them', () => {
    expect(presetCents('5')).toBe(500);
    expect(presetCents('12.50')).toBe(1250);
    expect(presetCents('0.99')).toBeNull();
    expect(presetCents('1000.01')).toBeNull();
    expect(presetCents('abc')).toBeNull();
  });

  it("says 'No sales yet' when there are none", async () => {
    stubApi({ 'GET /api/sales': { body: page([]) }, 'GET /api/tips/settings': { body: tips } });
    renderDashboard(<SalesCard />);
    expect(await within(card()).findByText('No sales yet')).toBeInTheDocument();
  });

  it('lists product sales and tips: buyer, title or Tip, message, amount, fee and status; only paid ones are refundable', async () => {
    stubApi({
      'GET /api/sales': {
        body: page([
          aSale(),
          aSale({ id: 's-2', kind: 'tip', title: 'Tip', customerName: 'Grace Hopper', message: 'Keep going!', amount: 600, userAmount: 500, platformFee: 100 }),
          aSale({ id: 's-3', customerName: 'Refunded Ray', status: 'refunded' }),
        ]),
      },
      'GET /api/tips/settings': { body: tips },
    });
    renderDashboard(<SalesCard />);
    const row = async (name: string) => (await within(card()).findByText(name)).closest('li')!;
    const tip = await row('Grace Hopper');
    expect(tip).toHaveTextContent('Tip');
    expect(tip).toHaveTextContent('“Keep going!”');
    expect(tip).toHaveTextContent('$6.00');
    expect(tip).toHaveTextContent('Fee $1.00');
    expect(tip).toHaveTextContent('Paid');
    expect(await row('Refunded Ray')).toHaveTextContent('Refunded: you earn nothing');
    expect(within(card()).getByRole('button', { name: 'Refund The Guide of Ada Lovelace' })).toBeInTheDocument();
    expect(within(card()).queryByRole('button', { name: 'Refund The Guide of Refunded Ray' })).not.toBeInTheDocument();
  });

  it('refunds a sale after asking, and reads the list again', async () => {
    let status: SaleView['status'] = 'paid';
    const { calls } = stubApi({
      'GET /api/sales': () => ({ body: page([aSale({ status })]) }),
      'GET /api/tips/settings': { body: tips },
      'POST /api/sales/s-1/refund': () => {
        status = 'refunded';
        return { body: { sale: aSale({ status }) } };
      },
    });
    renderDashboard(<SalesCard />);
    const user = userEvent.setup();
    await user.click(await within(card()).findByRole('button', { name: 'Refund The Guide of Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this sale?' });
    expect(dialog).toHaveTextContent('Ada Lovelace is refunded $12.00 in full and told by e-mail.');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Sale refunded')).toBeInTheDocument();
    expect(await within(card()).findByText('Refunded')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/sales/s-1/refund']);
  });

  it('keeps the sale when the creator changes their mind', async () => {
    const { calls } = stubApi({ 'GET /api/sales': { body: page([aSale()]) }, 'GET /api/tips/settings': { body: tips } });
    renderDashboard(<SalesCard />);
    const user = userEvent.setup();
    await user.click(await within(card()).findByRole('button', { name: 'Refund The Guide of Ada Lovelace' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep sale' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('saves tip settings in cents, and refuses a preset out of range without asking the server', async () => {
    const { calls } = stubApi({
      'GET /api/sales': { body: page([]) },
      'GET /api/tips/settings': { body: tips },
      'PUT /api/tips/settings': ({ body }) => ({ body }),
    });
    renderDashboard(<SalesCard />);
    const user = userEvent.setup();
    const form = await within(card()).findByRole('form', { name: 'Tip settings' });
    await user.click(within(form).getByRole('switch', { name: 'Take tips' }));
    const second = within(form).getByRole('spinbutton', { name: 'Preset 2' });
    await user.clear(second);
    await user.type(second, '0.5');
    await user.click(within(form).getByRole('button', { name: 'Save tip settings' }));
    expect(await within(form).findByText(OrderMessages.tipPresets)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.clear(second);
    await user.type(second, '7.50');
    await user.type(within(form).getByRole('textbox'), 'Thank you!');
    await user.click(within(form).getByRole('button', { name: 'Save tip settings' }));
    expect(await screen.findByText('Tip settings saved')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ enabled: true, presets: [300, 750, 1000], message: 'Thank you!' }]);
  });
});
