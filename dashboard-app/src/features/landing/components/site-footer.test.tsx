import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FEATURES, FeaturesSection } from './features-section';
import { PRODUCT_LINKS, SiteFooter, SUPPORT_LINKS } from './site-footer';

/** Pages the server or the app answers (server/web serve-dashboard.ts, the public pages, the API docs). */
const REAL_PAGES = ['/', '/auth', '/subscribe', '/forgot-password', '/api/docs', '/privacy', '/terms'];

afterEach(() => vi.useRealTimers());

describe('SiteFooter', () => {
  it('sends every link somewhere real: a page that exists, or a section of the landing page', () => {
    render(<SiteFooter />);
    const links = within(screen.getByRole('contentinfo')).getAllByRole('link');
    expect(links).toHaveLength(PRODUCT_LINKS.length + SUPPORT_LINKS.length);
    for (const link of links) {
      const href = link.getAttribute('href') ?? '';
      expect(href).not.toBe('#');
      const url = new URL(href, 'https://linkbio.example');
      expect(REAL_PAGES).toContain(url.pathname);
      // A section of the landing page names one that the page has.
      if (url.hash) expect(['#features', '#templates']).toContain(url.hash);
    }
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  });

  it("says this year's year, whatever year it is", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-04T12:00:00Z'));
    render(<SiteFooter />);
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2031 Linkbio. All rights reserved.');
  });
});

describe('FeaturesSection', () => {
  it('promises unlimited links only on Premium: the free plan holds 5', () => {
    render(<FeaturesSection />);
    const card = screen.getByRole('heading', { level: 3, name: 'Drag-and-Drop Links' }).closest('li')!;
    expect(card).toHaveTextContent(
      'Add up to 5 links on the free plan and put them in the right order with drag-and-drop. Premium makes them unlimited.',
    );
    for (const { title } of FEATURES) expect(title).not.toMatch(/unlimited/i);
  });
});
