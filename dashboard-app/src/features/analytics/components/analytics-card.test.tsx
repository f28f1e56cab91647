import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AnalyticsMessages, type AnalyticsRangeDays, type DailyAnalyticsView } from '@linkbio/shared-contracts';
import { never, renderDashboard, stubApi } from '@/test/render-dashboard';
import { AnalyticsCard } from './analytics-card';
import { niceMax } from './daily-chart';
import { LazyAnalyticsCard } from './lazy-analytics-card';

const DAY_MS = 24 * 3600 * 1000;
const TODAY = Date.UTC(2026, 2, 10);

/** An answer of GET /api/analytics/daily ending 2026-03-10, zeros except the given days (0 is today). */
function aDaily(days: AnalyticsRangeDays, visits: Record<number, [number, number]> = {}): DailyAnalyticsView {
  const series = Array.from({ length: days }, (_, index) => {
    const offset = index + 1 - days;
    const [views, clicks] = visits[offset] ?? [0, 0];
    return {
      date: new Date(TODAY + offset * DAY_MS).toISOString().slice(0, 10),
      views,
      clicks,
      clickRate: views > 0 ? Math.round((clicks / views) * 1000) / 10 : 0,
    };
  });
  const views = series.reduce((sum, point) => sum + point.views, 0);
  const clicks = series.reduce((sum, point) => sum + point.clicks, 0);
  return {
    days,
    from: series[0].date,
    to: series[series.length - 1].date,
    series,
    links: [],
    referrers: [],
    devices: [
      { device: 'mobile', views: 0 },
      { device: 'tablet', views: 0 },
      { device: 'desktop', views: 0 },
    ],
    totals: { views, clicks, clickRate: views > 0 ? Math.round((clicks / views) * 1000) / 10 : 0 },
  };
}

const MONTH: DailyAnalyticsView = {
  ...aDaily(30, { [-29]: [4, 1], [-1]: [120, 12], 0: [56, 7] }),
  links: [
    { id: 'l-1', title: 'Shop', clicks: 12 },
    { id: 'l-2', title: 'Newsletter', clicks: 8 },
    { id: 'l-3', title: 'Never clicked', clicks: 0 },
  ],
  referrers: [
    { host: 'instagram.com', views: 90 },
    { host: 't.co', views: 30 },
  ],
  devices: [
    { device: 'mobile', views: 135 },
    { device: 'tablet', views: 0 },
    { device: 'desktop', views: 45 },
  ],
};

const DAILY = '/api/analytics/daily';
const card = () => screen.getByRole('region', { name: 'Analytics' });
const dailyCalls = (calls: Array<{ path: string }>) => calls.filter((call) => call.path.startsWith(DAILY));

describe('AnalyticsCard for a Premium creator', () => {
  it('shows a skeleton while the last 30 days load', async () => {
    const { calls } = stubApi({ [`GET ${DAILY}?days=30`]: never });
    renderDashboard(<AnalyticsCard isPremium />);

    expect(within(card()).getByRole('status', { name: 'Loading analytics' })).toBeInTheDocument();
    await waitFor(() => expect(dailyCalls(calls).map((call) => call.path)).toEqual([`${DAILY}?days=30`]));
  });

  it('draws views and clicks for every day, with the totals, top links, referrers and devices', async () => {
    stubApi({ [`GET ${DAILY}?days=30`]: { body: MONTH } });
    renderDashboard(<AnalyticsCard isPremium />);

    const chart = await within(card()).findByRole('img', {
      name: 'Views and clicks per day from Feb 9 to Mar 10: 180 views and 20 clicks in all.',
    });
    expect(chart.tagName.toLowerCase()).toBe('svg');
    expect(chart.querySelectorAll('rect')).toHaveLength(30);

    const table = within(card()).getByRole('table');
    // Visually hidden inside a 1 px clipped box, so its width never widens the page (it is wider than a phone).
    expect(table.parentElement).toHaveClass('sr-only');
    expect(table).not.toHaveClass('sr-only');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows).toHaveLength(31);
    expect(rows[0]).toEqual(['Day', 'Views', 'Clicks', 'Click rate']);
    expect(rows[1]).toEqual(['Feb 9', '4', '1', '25.0%']);
    expect(rows[2]).toEqual(['Feb 10', '0', '0', '0.0%']);
    expect(rows[29]).toEqual(['Mar 9', '120', '12', '10.0%']);
    expect(rows[30]).toEqual(['Mar 10', '56', '7', '12.5%']);

    const totals = within(card())
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(totals).toEqual(['180', '20', '11.1%']);
    expect(MONTH.totals.clickRate).toBe(11.1);

    const links = within(screen.getByRole('region', { name: 'Top links' })).getAllByRole('listitem');
    expect(links.map((item) => item.textContent)).toEqual(['Shop12 clicks', 'Newsletter8 clicks']);
    const referrers = within(screen.getByRole('region', { name: 'Top referrers' })).getAllByRole('listitem');
    expect(referrers.map((item) => item.textContent)).toEqual(['instagram.com90 views', 't.co30 views']);
    const devices = within(screen.getByRole('region', { name: 'Devices' })).getAllByRole('listitem');
    expect(devices.map((item) => item.textContent)).toEqual([
      'Mobile75% · 135 views',
      'Tablet0% · 0 views',
      'Desktop25% · 45 views',
    ]);
  });

  it('switches between 7, 30 and 90 days, fetching each period once', async () => {
    const { calls } = stubApi({
      [`GET ${DAILY}?days=30`]: { body: MONTH },
      [`GET ${DAILY}?days=7`]: { body: aDaily(7, { [-2]: [10, 1] }) },
      [`GET ${DAILY}?days=90`]: { body: aDaily(90, { [-80]: [3, 0] }) },
    });
    const { user } = renderDashboard(<AnalyticsCard isPremium />);

    const tabs = within(card()).getByRole('tablist', { name: 'Period' });
    expect(within(tabs).getByRole('tab', { name: '30 days' })).toHaveAttribute('aria-selected', 'true');
    expect(await within(card()).findByRole('img', { name: /from Feb 9 to Mar 10/ })).toBeInTheDocument();

    await user.click(within(tabs).getByRole('tab', { name: '7 days' }));
    expect(
      await within(card()).findByRole('img', { name: /from Mar 4 to Mar 10: 10 views and 1 click in all/ }),
    ).toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: '7 days' })).toHaveAttribute('aria-selected', 'true');
    expect(within(within(card()).getByRole('table')).getAllByRole('row')).toHaveLength(8);

    await user.click(within(tabs).getByRole('tab', { name: '90 days' }));
    expect(
      await within(card()).findByRole('img', { name: /from Dec 11 to Mar 10: 3 views and 0 clicks/ }),
    ).toBeInTheDocument();
    expect(within(within(card()).getByRole('table')).getAllByRole('row')).toHaveLength(91);

    await user.click(within(tabs).getByRole('tab', { name: '30 days' }));
    expect(await within(card()).findByRole('img', { name: /from Feb 9 to Mar 10/ })).toBeInTheDocument();

    expect(dailyCalls(calls).map((call) => call.path)).toEqual([
      `${DAILY}?days=30`,
      `${DAILY}?days=7`,
      `${DAILY}?days=90`,
    ]);
  });

  it("says 'No visits yet' for a period without views or clicks", async () => {
    stubApi({ [`GET ${DAILY}?days=30`]: { body: aDaily(30) } });
    renderDashboard(<AnalyticsCard isPremium />);

    expect(await within(card()).findByText('No visits yet')).toBeInTheDocument();
    expect(within(card()).getByText(/between Feb 9 and Mar 10/)).toBeInTheDocument();
    expect(within(card()).queryByRole('img')).not.toBeInTheDocument();
  });

  it('offers to try again when the analytics cannot be read', async () => {
    let attempts = 0;
    stubApi({
      [`GET ${DAILY}?days=30`]: () => {
        attempts += 1;
        return attempts === 1
          ? { status: 500, body: { statusCode: 500, message: 'Something went wrong on our side. Please try again.' } }
          : { body: MONTH };
      },
    });
    const { user } = renderDashboard(<AnalyticsCard isPremium />);

    expect(await within(card()).findByRole('alert')).toHaveTextContent("We couldn't load your analytics.");
    await user.click(within(card()).getByRole('button', { name: 'Try again' }));

    expect(await within(card()).findByRole('img', { name: /180 views and 20 clicks/ })).toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it('shows the server’s message and the way to Premium when Premium has ended meanwhile', async () => {
    stubApi({
      [`GET ${DAILY}?days=30`]: { status: 403, body: { statusCode: 403, message: AnalyticsMessages.premiumOnly } },
    });
    renderDashboard(<AnalyticsCard isPremium />);

    expect(await within(card()).findByRole('alert')).toHaveTextContent(AnalyticsMessages.premiumOnly);
    expect(within(card()).getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/subscribe');
  });
});

describe('AnalyticsCard for a free creator', () => {
  it('shows a locked preview that leads to /subscribe, without asking for the daily analytics', async () => {
    const { calls, fetchMock } = stubApi({});
    const { user, router } = renderDashboard(<AnalyticsCard isPremium={false} />);

    expect(within(card()).getByText(/Premium shows your views and clicks/)).toBeInTheDocument();
    expect(within(card()).queryByRole('tab')).not.toBeInTheDocument();
    expect(within(card()).queryByRole('img')).not.toBeInTheDocument();
    const upgrade = within(card()).getByRole('link', { name: 'Upgrade to Premium' });
    expect(upgrade).toHaveAttribute('href', '/subscribe');

    await user.click(upgrade);
    expect(await screen.findByText('Subscribe screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/subscribe');
    expect(dailyCalls(calls)).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('LazyAnalyticsCard', () => {
  it('shows the card’s outline while its code loads, then the card', async () => {
    stubApi({ [`GET ${DAILY}?days=30`]: { body: MONTH } });
    renderDashboard(<LazyAnalyticsCard isPremium />);

    expect(within(card()).getByRole('status', { name: 'Loading analytics' })).toBeInTheDocument();
    // The outline is replaced by the loaded card: look the region up again.
    expect(await screen.findByRole('img', { name: /180 views and 20 clicks/ })).toBeInTheDocument();
    expect(within(card()).getByRole('tablist', { name: 'Period' })).toBeInTheDocument();
  });
});

describe('niceMax', () => {
  it.each([
    [0, 2],
    [1, 2],
    [3, 4],
    [7, 8],
    [10, 10],
    [11, 20],
    [45, 60],
    [150, 200],
    [1000, 1000],
  ])('rounds %d up to %d', (value, max) => {
    expect(niceMax(value)).toBe(max);
  });
});
