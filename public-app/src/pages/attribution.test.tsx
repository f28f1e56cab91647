import {
  attributionQuery,
  type Attribution,
  type BookingTimesView,
  type PublicLinkView,
  type PublicProductView,
  type PublicSessionType,
  type PublicTipsView,
  type PublicUserView,
} from '@linkbio/shared-contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BookingFlow } from '../booking/booking-flow';
import { BOOKING_ROOT_ID } from '../booking/booking-root';
import { readCheckoutData } from '../checkout/checkout-data';
import { ProductCheckout } from '../checkout/product-checkout';
import { TipCheckout } from '../checkout/tip-checkout';
import { stubApi } from '../test/fetch-routes';
import { BioPage } from './bio-page';
import { BookingPage } from './booking-page';
import { ProductPage } from './product-page';
import { TipPage } from './tip-page';

const user = {
  username: 'maya',
  displayName: 'Maya',
  bio: null,
  avatar: null,
  theme: 'default',
  backgroundColor: null,
  backgroundImage: null,
  buttonColor: null,
  buttonTextColor: null,
  buttonShape: 'rounded',
  enableBooking: true,
  bookingPrice: 2500,
  isPremium: false,
  socials: [],
  socialsPosition: 'top',
  seo: { title: null, description: null, image: null },
} as unknown as PublicUserView;
const tips: PublicTipsView = { enabled: true, presets: [300, 500, 1000], message: null };
const links: PublicLinkView[] = [
  { id: 'l-1', kind: 'link', title: 'Blog', url: 'https://example.com', order: 0, thumbnail: null },
] as PublicLinkView[];
const product = {
  id: 'p-1',
  title: 'Guide',
  description: '',
  priceCents: 1500,
  minPriceCents: null,
  coverURL: null,
} as unknown as PublicProductView;
const origin = 'https://linkbio.test';
const script = { src: '/p/assets/x.js', preload: [] };
const spring: Attribution = { source: 'newsletter', medium: 'email', campaign: 'spring' };
// What a visitor can put in an address: quotes, markup, a scheme.
const hostile: Attribution = { source: '"><script>alert(1)</script>', medium: 'javascript:alert(1)', campaign: "a'b&c=d" };

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const bio = (attribution: Attribution | null) =>
  parse(
    renderToStaticMarkup(
      <BioPage
        origin={origin}
        user={user}
        links={links}
        booked={null}
        tips={tips}
        products={[product]}
        css=""
        attribution={attribution}
      />,
    ),
  );
const hrefs = (page: Document) => [...page.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')!);
const CARRYING = ['/book/maya', '/maya/products/p-1', '/go/l-1', '/tip/maya?amount=300', '/tip/maya?amount=500', '/tip/maya?amount=1000', '/tip/maya'];

describe("the bio page's links and a visit's attribution", () => {
  it('are as they always were without one', () => {
    expect(hrefs(bio(null))).toEqual([...CARRYING, '/']);
  });

  it("carry the visit's campaign on to the click, the booking, the products and the tips, nowhere else", () => {
    const q = attributionQuery(spring);
    expect(q).toBe('utm_source=newsletter&utm_medium=email&utm_campaign=spring');
    expect(hrefs(bio(spring))).toEqual([
      ...CARRYING.map((href) => `${href}${href.includes('?') ? '&' : '?'}${q}`),
      '/', // "Made with": not a visit of the creator's
    ]);
  });

  it('keep any value encoded in the query: the same paths, nothing injected into the page', () => {
    const page = bio(hostile);
    expect(page.querySelectorAll('script')).toHaveLength(0);
    const carried = hrefs(page).slice(0, CARRYING.length);
    expect(carried.map((href) => href.split(/[?&]utm_source=/)[0])).toEqual(CARRYING);
    for (const href of carried) {
      const url = new URL(href, origin);
      expect(url.origin).toBe(origin);
      expect([url.searchParams.get('utm_source'), url.searchParams.get('utm_medium'), url.searchParams.get('utm_campaign')]).toEqual([
        hostile.source,
        hostile.medium,
        hostile.campaign,
      ]);
      expect(url.searchParams.get('c')).toBeNull();
    }
  });
});

describe("the booking, tip and product pages and the attribution of their address", () => {
  afterEach(() => vi.unstubAllGlobals());

  const times: BookingTimesView = {
    creatorZone: 'UTC',
    shownZone: 'UTC',
    zoneChosen: true,
    sessionMinutes: 30,
    slots: [{ start: '2026-07-07T10:00:00.000Z', end: '2026-07-07T10:30:00.000Z' }],
    from: '2026-07-06',
    today: '2026-07-06',
    lastDate: '2026-08-30',
    locale: 'en-US',
  };
  const types: PublicSessionType[] = [
    { id: 'st-a', name: 'A', minutes: 30, priceCents: 2500, description: '', locationKind: null, questions: [] },
    { id: 'st-b', name: 'B', minutes: 60, priceCents: 5000, description: '', locationKind: null, questions: [] },
  ];

  it('the booking page hands it to its script and keeps it in the week links, the zone form and the type links', () => {
    const page = parse(
      renderToString(
        <BookingPage origin={origin} user={user} times={times} sessionTypes={types} sessionTypeId="st-a" attribution={hostile} css="" script={script} />,
      ),
    );
    const root = page.getElementById(BOOKING_ROOT_ID)!;
    expect(JSON.parse(root.dataset.attribution!)).toEqual(hostile);
    const next = new URL(page.querySelector('a.week-next')!.getAttribute('href')!, `${origin}/book/maya`);
    expect(next.pathname).toBe('/book/maya');
    expect(Object.fromEntries(next.searchParams)).toEqual({
      from: '2026-07-13',
      tz: 'UTC',
      type: 'st-a',
      utm_source: hostile.source,
      utm_medium: hostile.medium,
      utm_campaign: hostile.campaign,
    });
    const hidden = [...page.querySelectorAll<HTMLInputElement>('form.zone-form input[type=hidden]')].map((input) => [input.name, input.value]);
    expect(hidden).toEqual([
      ['from', '2026-07-06'],
      ['type', 'st-a'],
      ['utm_source', hostile.source],
      ['utm_medium', hostile.medium],
      ['utm_campaign', hostile.campaign],
    ]);
    expect(page.querySelectorAll('script:not([src])')).toHaveLength(0);

    const choosing = parse(
      renderToString(<BookingPage origin={origin} user={user} times={null} sessionTypes={types} sessionTypeId={null} attribution={spring} css="" script={script} />),
    );
    expect([...choosing.querySelectorAll('a.type-card')].map((a) => a.getAttribute('href'))).toEqual([
      `/book/maya?type=st-a&${attributionQuery(spring)}`,
      `/book/maya?type=st-b&${attributionQuery(spring)}`,
    ]);
  });

  it('the booking page without one renders as before', () => {
    const page = parse(
      renderToString(<BookingPage origin={origin} user={user} times={times} sessionTypes={types} sessionTypeId="st-a" css="" script={script} />),
    );
    expect(page.getElementById(BOOKING_ROOT_ID)!.hasAttribute('data-attribution')).toBe(false);
    expect(page.querySelector('a.week-next')!.getAttribute('href')).toBe('?from=2026-07-13&tz=UTC&type=st-a');
  });

  it('the booking sends it with the visitor\'s details', async () => {
    const api = stubApi({
      'POST /api/users/maya/book': { status: 201, body: { clientSecret: 'pi_1_secret_x', amount: 3000, userAmount: 2500, platformFee: 500 } },
    });
    const clicks = userEvent.setup();
    render(<BookingFlow username="maya" times={null} zones={[]} sessionTypes={[types[0]!]} attribution={spring} />);
    await clicks.type(screen.getByLabelText('Full Name'), 'Sam');
    await clicks.type(screen.getByLabelText('Email Address'), 'sam@example.com');
    await clicks.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await screen.findByRole('heading', { name: 'Payment Details' });
    expect(api.bodiesOf('POST /api/users/maya/book')).toEqual([expect.objectContaining({ attribution: spring })]);
  });

  it('the tip and product pages put it in their checkout data, read back cleaned', () => {
    const tipPage = parse(
      renderToString(<TipPage origin={origin} user={user} tips={tips} amountCents={500} attribution={spring} css="" script={script} />),
    );
    expect(readCheckoutData(tipPage.getElementById('checkout-root')!, 'tip')?.attribution).toEqual(spring);
    const productPage = parse(
      renderToStaticMarkup(<ProductPage origin={origin} user={user} product={product} attribution={hostile} css="" script={script} />),
    );
    expect(readCheckoutData(productPage.getElementById('checkout-root')!, 'product')?.attribution).toEqual(hostile);
    const plain = parse(renderToStaticMarkup(<ProductPage origin={origin} user={user} product={product} css="" script={script} />));
    expect(readCheckoutData(plain.getElementById('checkout-root')!, 'product')?.attribution).toBeNull();
  });

  it('the tip and the order send it', async () => {
    const quote = { status: 201, body: { clientSecret: 'pi_2_secret_x', amount: 600, userAmount: 500, platformFee: 100, discountCents: 0 } };
    const api = stubApi({ 'POST /api/users/maya/tip': quote, 'POST /api/users/maya/products/p-1/order': quote });
    const clicks = userEvent.setup();
    const tip = render(
      <TipCheckout kind="tip" username="maya" displayName="Maya" presets={[500]} amountCents={500} message={null} offersList={false} attribution={spring} />,
    );
    await clicks.type(screen.getByLabelText('Email Address'), 'fan@example.com');
    await clicks.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await screen.findByRole('heading', { name: 'Payment Details' });
    tip.unmount();
    render(
      <ProductCheckout kind="product" username="maya" productId="p-1" title="Guide" priceCents={1500} minPriceCents={null} offersList={false} attribution={spring} />,
    );
    await clicks.type(screen.getByLabelText('Your name'), 'Fan');
    await clicks.type(screen.getByLabelText('Email Address'), 'fan@example.com');
    await clicks.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await screen.findByRole('heading', { name: 'Payment Details' });
    expect(api.bodiesOf('POST /api/users/maya/tip')).toEqual([expect.objectContaining({ attribution: spring })]);
    expect(api.bodiesOf('POST /api/users/maya/products/p-1/order')).toEqual([expect.objectContaining({ attribution: spring })]);
  });
});
