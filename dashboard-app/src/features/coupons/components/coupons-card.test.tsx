import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CouponMessages, type CouponView } from '@linkbio/shared-contracts';
import { never, renderDashboard, stubApi } from '@/test/render-dashboard';
import { CouponsCard } from './coupons-card';

const PRODUCT = '11111111-2222-4333-8444-555555555555';
const aCoupon = (over: Partial<CouponView> = {}): CouponView => ({
  id: 'c-1',
  code: 'SPRING25',
  percentOff: 25,
  amountOffCents: null,
  appliesTo: 'all',
  expiresAt: null,
  maxRedemptions: null,
  uses: 0,
  createdAt: '2027-01-01T00:00:00.000Z',
  ...over,
});

const card = () => screen.getByRole('region', { name: 'Coupons' });
const products = { 'GET /api/products': { body: [{ id: PRODUCT, title: 'Preset pack' }] } };

describe('CouponsCard', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows a skeleton while loading', () => {
    stubApi({ 'GET /api/coupons': never, ...products });
    renderDashboard(<CouponsCard />);
    expect(within(card()).getByRole('status', { name: 'Loading coupons' })).toBeInTheDocument();
  });

  it("says 'No coupons yet' when there are none", async () => {
    stubApi({ 'GET /api/coupons': { body: [] }, ...products });
    renderDashboard(<CouponsCard />);
    expect(await within(card()).findByText('No coupons yet')).toBeInTheDocument();
  });

  it('says the list could not be loaded, and tries again', async () => {
    let calls = 0;
    stubApi({ 'GET /api/coupons': () => (++calls === 1 ? { status: 500, body: { message: 'boom' } } : { body: [aCoupon()] }), ...products });
    const { user } = renderDashboard(<CouponsCard />);
    expect(await within(card()).findByText("We couldn't load your coupons.")).toBeInTheDocument();
    await user.click(within(card()).getByRole('button', { name: 'Try again' }));
    expect(await within(card()).findByText('SPRING25')).toBeInTheDocument();
  });

  it('lists each coupon with its discount, what it applies to, uses of the maximum and expiry', async () => {
    stubApi({
      'GET /api/coupons': {
        body: [
          aCoupon({ uses: 3 }),
          aCoupon({ id: 'c-2', code: 'FIVE', percentOff: null, amountOffCents: 500, appliesTo: PRODUCT, maxRedemptions: 10, uses: 4, expiresAt: '2099-01-01T00:00:00.000Z' }),
          aCoupon({ id: 'c-3', code: 'TALK', appliesTo: 'sessions', expiresAt: '2020-01-01T00:00:00.000Z' }),
        ],
      },
      ...products,
    });
    renderDashboard(<CouponsCard />);
    const row = async (code: string) => (await within(card()).findByText(code)).closest('li')!;
    expect(within(await row('SPRING25')).getByText('25% off · Everything')).toBeInTheDocument();
    expect(within(await row('SPRING25')).getByText(/3 used · No expiry/)).toBeInTheDocument();
    expect(await within(await row('FIVE')).findByText('$5.00 off · Preset pack')).toBeInTheDocument();
    expect(within(await row('FIVE')).getByText(/4 of 10 used · Expires/)).toBeInTheDocument();
    expect(within(await row('TALK')).getByText('25% off · Sessions')).toBeInTheDocument();
    expect(within(await row('TALK')).getByText(/Expired/)).toBeInTheDocument();
  });

  it('checks the form before sending, then adds the coupon and reads the list again', async () => {
    const list: CouponView[] = [];
    const api = stubApi({
      'GET /api/coupons': () => ({ body: list }),
      'POST /api/coupons': ({ body }) => {
        list.push(aCoupon({ code: (body as { code: string }).code, percentOff: null, amountOffCents: 750, appliesTo: PRODUCT }));
        return { status: 201, body: list[0] };
      },
      ...products,
    });
    const { user } = renderDashboard(<CouponsCard />);
    await within(card()).findByText('No coupons yet');
    await user.type(within(card()).getByLabelText('Code'), 'ab');
    await user.click(within(card()).getByRole('button', { name: 'Add coupon' }));
    expect(within(card()).getByText(CouponMessages.code)).toBeInTheDocument();
    expect(within(card()).getByText(CouponMessages.percentOff)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.type(within(card()).getByLabelText('Code'), 'c-7');
    await user.selectOptions(within(card()).getByLabelText('Discount type'), 'amount');
    await user.type(within(card()).getByLabelText('Amount off ($)'), '7.50');
    await user.selectOptions(await within(card()).findByLabelText('Applies to'), PRODUCT);
    await user.click(within(card()).getByRole('button', { name: 'Add coupon' }));
    expect(await within(card()).findByText('abc-7')).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ code: 'abc-7', amountOffCents: 750, appliesTo: PRODUCT });
    expect(within(card()).getByLabelText('Code')).toHaveValue('');
  });

  it("shows the server's refusal of a code already used under the code", async () => {
    stubApi({
      'GET /api/coupons': { body: [] },
      'POST /api/coupons': { status: 409, body: { statusCode: 409, message: CouponMessages.codeTaken } },
      ...products,
    });
    const { user } = renderDashboard(<CouponsCard />);
    await within(card()).findByText('No coupons yet');
    await user.type(within(card()).getByLabelText('Code'), 'TAKEN');
    await user.type(within(card()).getByLabelText('Percent off'), '10');
    await user.click(within(card()).getByRole('button', { name: 'Add coupon' }));
    expect(await within(card()).findByText(CouponMessages.codeTaken)).toBeInTheDocument();
  });

  it('deletes a coupon only once confirmed', async () => {
    let list = [aCoupon()];
    const api = stubApi({
      'GET /api/coupons': () => ({ body: list }),
      'DELETE /api/coupons/c-1': () => {
        list = [];
        return { body: { message: CouponMessages.deleted } };
      },
      ...products,
    });
    const { user } = renderDashboard(<CouponsCard />);
    await user.click(await within(card()).findByRole('button', { name: 'Delete coupon SPRING25' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this coupon?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep coupon' }));
    expect(api.calls.filter((call) => call.method === 'DELETE')).toEqual([]);

    await user.click(within(card()).getByRole('button', { name: 'Delete coupon SPRING25' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete coupon' }));
    expect(await within(card()).findByText('No coupons yet')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/api/coupons/c-1']);
  });
});
