// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { renderLandingMarkup, SITE_HOST_MARKER } from './landing-markup';

/** The landing page rendered ahead of time, as the build's prerender step renders it: on the server, no window. */
describe('renderLandingMarkup', () => {
  const html = renderLandingMarkup().replaceAll('<!-- -->', '');

  it('renders the headline, the sections and the footer', () => {
    expect(html.match(/<h1\b/g)).toHaveLength(1);
    expect(html).toMatch(/<h1[^>]*>One link for <span[^>]*>everything<\/span> you share<\/h1>/);
    for (const title of ['Drag-and-Drop Links', 'Booking System', 'Dark Mode']) expect(html).toContain(`>${title}</h3>`);
    expect(html).toContain(`© <span data-current-year="">${new Date().getFullYear()}</span> Linkbio. All rights reserved.`);
    expect(html).not.toContain('href="#"');
  });

  it('renders both claim boxes as forms that work without a script, with the marker for the site address', () => {
    expect(html.match(/<form [^>]*action="\/auth" method="get"/g)).toHaveLength(2);
    expect(html.match(/<input [^>]*name="username"/g)).toHaveLength(2);
    expect(html.match(new RegExp(`data-site-host=""[^>]*>${SITE_HOST_MARKER}/</span>`, 'g'))).toHaveLength(2);
  });

  it('renders the navigation bar as a visitor who is not signed in sees it', () => {
    expect(html).toMatch(/<a[^>]*href="\/auth"[^>]*>Sign In<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/auth"[^>]*>Get Started<\/a>/);
    expect(html).not.toContain('Loading your account');
  });
});
