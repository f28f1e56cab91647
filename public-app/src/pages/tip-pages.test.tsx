import type { PublicTipsView, PublicUserView } from '@linkbio/shared-contracts';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BioPage } from './bio-page';
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
  enableBooking: false,
  bookingPrice: null,
  isPremium: false,
  socials: [],
  socialsPosition: 'top',
  seo: { title: null, description: null, image: null },
} as unknown as PublicUserView;
const tips: PublicTipsView = { enabled: true, presets: [300, 500, 1000], message: 'Buy me a <coffee>' };
const origin = 'https://linkbio.test';
const script = { src: '/p/assets/tip-x.js', preload: ['/p/assets/chunk-y.js'] };

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

describe("the bio page's 'Support me' block", () => {
  it('links each preset and a custom amount to the tip page, without any script', () => {
    const page = parse(
      renderToStaticMarkup(<BioPage origin={origin} user={user} links={[]} booked={null} tips={tips} css="" />),
    );
    const block = page.querySelector('section.support')!;
    expect(block.querySelector('h2')?.textContent).toBe('Support me');
    expect(block.querySelector('.support-text')?.textContent).toBe('Buy me a <coffee>');
    expect([...block.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['$3.00', '/tip/maya?amount=300'],
      ['$5.00', '/tip/maya?amount=500'],
      ['$10.00', '/tip/maya?amount=1000'],
      ['Custom amount', '/tip/maya'],
    ]);
    expect(page.querySelectorAll('script')).toHaveLength(0);
  });

  it('is not there when tips are off or unknown', () => {
    for (const off of [{ ...tips, enabled: false }, null, undefined]) {
      const html = renderToStaticMarkup(
        <BioPage origin={origin} user={user} links={[]} booked={null} tips={off} css="" />,
      );
      expect(html).not.toContain('Support me');
    }
  });
});

describe('the tip page', () => {
  it('renders the tip form with its data for the island, its button disabled until the script runs', () => {
    const page = parse(
      renderToString(<TipPage origin={origin} user={user} tips={tips} amountCents={1000} offersList css="" script={script} />),
    );
    expect(page.title).toBe('Support Maya');
    expect(page.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe('https://linkbio.test/tip/maya');
    expect(page.querySelector('script[type=module]')?.getAttribute('src')).toBe('/p/assets/tip-x.js');
    expect(page.querySelector('link[rel=modulepreload]')?.getAttribute('href')).toBe('/p/assets/chunk-y.js');
    const root = page.getElementById('checkout-root')!;
    expect(JSON.parse(root.dataset.checkout!)).toEqual({
      kind: 'tip',
      username: 'maya',
      displayName: 'Maya',
      presets: [300, 500, 1000],
      amountCents: 1000,
      message: 'Buy me a <coffee>',
      offersList: true,
      attribution: null,
    });
    expect(root.querySelector<HTMLInputElement>('input[value="1000"]')?.checked).toBe(true);
    expect(root.querySelector('button[type=submit]')?.hasAttribute('disabled')).toBe(true);
    expect(page.querySelector('a.back')?.getAttribute('href')).toBe('/maya');
  });

  it('says tips are off, with no script, when the creator takes none', () => {
    const page = parse(
      renderToString(
        <TipPage
          origin={origin}
          user={user}
          tips={{ ...tips, enabled: false }}
          amountCents={null}
          css=""
          script={script}
        />,
      ),
    );
    expect(page.body.textContent).toContain("Maya isn't taking tips right now.");
    expect(page.querySelector('script')).toBeNull();
    expect(page.getElementById('checkout-root')).toBeNull();
  });
});
