import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('the landing page rendered ahead of time', () => {
  it("shows this year's year in the footer, not the year it was built in", async () => {
    document.body.innerHTML = '<footer><p>© <span data-current-year="">2026</span> Linkbio. All rights reserved.</p></footer>';
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2032-06-15T12:00:00Z'));
    await import('./static-landing');
    expect(document.querySelector('footer')?.textContent).toBe(`© ${new Date().getFullYear()} Linkbio. All rights reserved.`);
    expect(new Date().getFullYear()).toBe(2032);
  });
});
