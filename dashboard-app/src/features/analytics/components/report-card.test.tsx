import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReportMessages, type AnalyticsReportView, type ReportRow, type ReportTotals } from '@linkbio/shared-contracts';
import { never, renderDashboard, stubApi, type ApiCall } from '@/test/render-dashboard';
import { LazyReportCard } from './lazy-report-card';
import { PremiumReport } from './report-card';

/** The report's days are UTC days: "today" here is 2026-03-10, late in the day. */
const NOW = new Date('2026-03-10T22:30:00Z');
const REPORT = '/api/analytics/report';
const CSV = '/api/analytics/report.csv';
const LAST_30 = `${REPORT}?from=2026-02-09&to=2026-03-10&compare=previous`;
const LAST_7 = `${REPORT}?from=2026-03-04&to=2026-03-10&compare=previous`;
const LAST_90 = `${REPORT}?from=2025-12-11&to=2026-03-10&compare=previous`;

const aRow = (key: string | null, counts: Partial<ReportRow> = {}): ReportRow => ({
  key,
  views: 0,
  uniqueVisitors: 0,
  clicks: 0,
  orders: 0,
  revenueCents: 0,
  ...counts,
});

const NO_TOTALS: ReportTotals = { views: 0, uniqueVisitors: 0, clicks: 0, clickRate: 0, orders: 0, revenueCents: 0 };

/** An answer of GET /api/analytics/report for `from`–`to` compared with the period before, zeros unless given. */
function aReport(from: string, to: string, overrides: Partial<AnalyticsReportView> = {}): AnalyticsReportView {
  const length = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
  const day = (offset: number) => new Date(Date.parse(from) + offset * 86_400_000).toISOString().slice(0, 10);
  return {
    from,
    to,
    totals: NO_TOTALS,
    previousRange: { from: day(-length), to: day(-1) },
    previous: NO_TOTALS,
    byDay: Array.from({ length }, (_, index) => aRow(day(index))),
    bySource: [],
    byMedium: [],
    byCampaign: [],
    byCountry: [],
    byDevice: [],
    byLink: [],
    ...overrides,
  };
}

const MONTH = aReport('2026-02-09', '2026-03-10', {
  totals: { views: 1120, uniqueVisitors: 800, clicks: 140, clickRate: 12.5, orders: 7, revenueCents: 17_493 },
  previous: { views: 1000, uniqueVisitors: 842, clicks: 100, clickRate: 10, orders: 0, revenueCents: 0 },
  bySource: [
    aRow('instagram', { views: 700, uniqueVisitors: 500, clicks: 90, orders: 5, revenueCents: 12_495 }),
    aRow(null, { views: 420, uniqueVisitors: 300, clicks: 50, orders: 2, revenueCents: 4_998 }),
  ],
  byCampaign: [
    aRow('spring-sale', { views: 600, uniqueVisitors: 450 }),
    aRow(null, { views: 520, uniqueVisitors: 350 }),
  ],
  byCountry: [
    aRow('US', { views: 800, uniqueVisitors: 560 }),
    aRow('DE', { views: 300, uniqueVisitors: 230 }),
    aRow('unknown', { views: 20, uniqueVisitors: 10 }),
  ],
  byDevice: [aRow('mobile', { views: 1000, uniqueVisitors: 700 }), aRow(null, { views: 120, uniqueVisitors: 100 })],
  byLink: [{ ...aRow('0b8f1c1e-4a57-4e33-9a55-5d1bb1a7d101', { views: 0, clicks: 140 }), label: 'Shop' }],
});

const card = () => screen.getByRole('region', { name: 'Analytics report' });
const reportCalls = (calls: ApiCall[]) => calls.map((call) => call.path).filter((path) => path.startsWith(REPORT));
const tableRows = (name: string) =>
  within(within(card()).getByRole('table', { name }))
    .getAllByRole('row')
    .map((row) => Array.from(row.children, (cell) => cell.textContent));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the report for a Premium creator', () => {
  it('shows a skeleton while the last 30 days load, compared with the 30 before', async () => {
    const { calls } = stubApi({ [`GET ${LAST_30}`]: never });
    renderDashboard(<PremiumReport />);

    expect(within(card()).getByRole('status', { name: 'Loading the report' })).toBeInTheDocument();
    expect(within(card()).getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
    await waitFor(() => expect(reportCalls(calls)).toEqual([LAST_30]));
  });

  it('shows the totals with their change, the funnel and every breakdown', async () => {
    stubApi({ [`GET ${LAST_30}`]: { body: MONTH } });
    renderDashboard(<PremiumReport />);

    expect(await within(card()).findByTestId('report-period')).toHaveTextContent(
      'Feb 9 – Mar 10, 2026 · Compared with Jan 10 – Feb 8, 2026',
    );
    const totals = within(card())
      .getAllByTestId('report-total')
      .map((total) => [
        within(total).getByRole('term').textContent,
        ...within(total)
          .getAllByRole('definition')
          .map((value) => value.textContent),
      ]);
    expect(totals).toEqual([
      ['Views', '1,120', '+12% from the previous period'],
      ['Unique visitors', '800', '−5% from the previous period'],
      ['Clicks', '140', '+40% from the previous period'],
      ['Click rate', '12.5%', '+2.5 pts from the previous period'],
      ['Orders', '7', 'new from the previous period'],
      ['Revenue', '$174.93', 'new from the previous period'],
    ]);
    expect(within(card()).getAllByTestId('report-change')[1]).toHaveClass('text-red-700');
    expect(within(card()).getAllByTestId('report-change')[0]).toHaveClass('text-emerald-700');

    const funnel = within(within(card()).getByRole('region', { name: 'Funnel' })).getAllByRole('listitem');
    expect(funnel.map((step) => step.textContent)).toEqual([
      'Views1,120',
      'Clicks14012.5% of views',
      'Orders75.0% of clicks',
      'Revenue$174.93$24.99 per order',
    ]);

    expect(tableRows('Sources')).toEqual([
      ['Source', 'Visitors', 'Views', 'Clicks', 'Orders', 'Revenue'],
      ['instagram', '500', '700', '90', '5', '$124.95'],
      ['Direct', '300', '420', '50', '2', '$49.98'],
    ]);
    expect(tableRows('Campaigns').map((row) => row[0])).toEqual(['Campaign', 'spring-sale', 'No campaign']);
    expect(tableRows('Countries').map((row) => row.slice(0, 3))).toEqual([
      ['Country', 'Visitors', 'Views'],
      ['United States', '560', '800'],
      ['Germany', '230', '300'],
      ['Unknown', '10', '20'],
    ]);
    expect(tableRows('Devices').map((row) => row[0])).toEqual(['Device', 'Mobile', 'Not known']);
    expect(tableRows('Links')[1]).toEqual(['Shop', '0', '0', '140', '0', '$0.00']);
    // Row names are row headers; the mediums had nothing in this period.
    expect(within(within(card()).getByRole('table', { name: 'Sources' })).getAllByRole('rowheader')).toHaveLength(2);
    expect(
      within(within(card()).getByRole('region', { name: 'Mediums' })).getByText('Nothing in this period.'),
    ).toBeInTheDocument();
    // A wide table scrolls in its own focusable box, not the page.
    expect(within(card()).getByRole('group', { name: 'Sources' })).toHaveAttribute('tabindex', '0');
  });

  it('switches between the last 7, 30 and 90 days, asking for each period once', async () => {
    const { calls } = stubApi({
      [`GET ${LAST_30}`]: { body: MONTH },
      [`GET ${LAST_7}`]: {
        body: aReport('2026-03-04', '2026-03-10', {
          totals: { ...NO_TOTALS, views: 50, uniqueVisitors: 40, clicks: 5, clickRate: 10 },
        }),
      },
      [`GET ${LAST_90}`]: {
        body: aReport('2025-12-11', '2026-03-10', { totals: { ...NO_TOTALS, views: 3000, uniqueVisitors: 2000 } }),
      },
    });
    const { user } = renderDashboard(<PremiumReport />);
    await within(card()).findByRole('table', { name: 'Sources' });

    await user.click(within(card()).getByRole('radio', { name: 'Last 7 days' }));
    expect(await within(card()).findByText('Mar 4 – Mar 10, 2026')).toBeInTheDocument();
    expect(within(card()).getByRole('radio', { name: 'Last 7 days' })).toBeChecked();
    expect(within(card()).getByText(/Compared with Feb 25 – Mar 3, 2026/)).toBeInTheDocument();

    await user.click(within(card()).getByRole('radio', { name: 'Last 90 days' }));
    expect(await within(card()).findByText('Dec 11, 2025 – Mar 10, 2026')).toBeInTheDocument();
    expect(within(card()).getAllByTestId('report-total')[0]).toHaveTextContent('3,000');

    await user.click(within(card()).getByRole('radio', { name: 'Last 30 days' }));
    expect(await within(card()).findByText('Feb 9 – Mar 10, 2026')).toBeInTheDocument();
    expect(reportCalls(calls)).toEqual([LAST_30, LAST_7, LAST_90]);
  });

  it('asks for a custom period once it passes the server’s own checks', async () => {
    const JANUARY = `${REPORT}?from=2026-01-01&to=2026-01-31&compare=previous`;
    const { calls } = stubApi({
      [`GET ${LAST_30}`]: { body: MONTH },
      [`GET ${JANUARY}`]: {
        body: aReport('2026-01-01', '2026-01-31', { totals: { ...NO_TOTALS, views: 9, uniqueVisitors: 9 } }),
      },
    });
    const { user } = renderDashboard(<PremiumReport />);
    await within(card()).findByRole('table', { name: 'Sources' });

    await user.click(within(card()).getByRole('radio', { name: 'Custom' }));
    const form = within(card()).getByRole('form', { name: 'Custom period' });
    const from = within(form).getByLabelText('From', { exact: true });
    const to = within(form).getByLabelText('To', { exact: true });
    // It starts from the period shown, and today (UTC) is the last day there is.
    expect(from).toHaveValue('2026-02-09');
    expect(to).toHaveValue('2026-03-10');
    expect(to).toHaveAttribute('max', '2026-03-10');
    const show = within(form).getByRole('button', { name: 'Show report' });

    const attempts: Array<[string, string, string]> = [
      ['2026-03-05', '2026-03-01', ReportMessages.order],
      ['2026-03-01', '2026-03-11', ReportMessages.future],
      ['2025-01-01', '2026-03-10', ReportMessages.tooLong],
      ['', '2026-03-10', ReportMessages.fromRequired],
    ];
    for (const [start, end, problem] of attempts) {
      fireEvent.change(from, { target: { value: start } });
      fireEvent.change(to, { target: { value: end } });
      await user.click(show);
      expect(within(form).getByRole('alert')).toHaveTextContent(problem);
      expect(from).toHaveAttribute('aria-invalid', 'true');
    }
    expect(reportCalls(calls)).toEqual([LAST_30]);

    fireEvent.change(from, { target: { value: '2026-01-01' } });
    fireEvent.change(to, { target: { value: '2026-01-31' } });
    await user.click(show);
    expect(await within(card()).findByText('Jan 1 – Jan 31, 2026')).toBeInTheDocument();
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    expect(from).not.toHaveAttribute('aria-invalid');
    expect(reportCalls(calls)).toEqual([LAST_30, JANUARY]);
  });

  it('shows the server’s message when it refuses the period', async () => {
    stubApi({ [`GET ${LAST_30}`]: { status: 400, body: { statusCode: 400, message: ReportMessages.future } } });
    renderDashboard(<PremiumReport />);

    expect(await within(card()).findByRole('alert')).toHaveTextContent(ReportMessages.future);
    expect(within(card()).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(within(card()).getByRole('radio', { name: 'Last 7 days' })).toBeEnabled();
  });

  it("says 'No visits in this period yet' for a period without views, clicks or orders", async () => {
    stubApi({ [`GET ${LAST_30}`]: { body: aReport('2026-02-09', '2026-03-10') } });
    renderDashboard(<PremiumReport />);

    expect(await within(card()).findByText('No visits in this period yet')).toBeInTheDocument();
    expect(within(card()).queryByRole('table')).not.toBeInTheDocument();
    expect(within(card()).queryByTestId('report-total')).not.toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  });

  it('offers to try again when the report cannot be read', async () => {
    let attempts = 0;
    stubApi({
      [`GET ${LAST_30}`]: () => {
        attempts += 1;
        return attempts === 1
          ? { status: 500, body: { statusCode: 500, message: 'Something went wrong on our side. Please try again.' } }
          : { body: MONTH };
      },
    });
    const { user } = renderDashboard(<PremiumReport />);

    expect(await within(card()).findByRole('alert')).toHaveTextContent("We couldn't load your report.");
    await user.click(within(card()).getByRole('button', { name: 'Try again' }));

    expect(await within(card()).findByRole('table', { name: 'Sources' })).toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it('shows the server’s message and the way to Premium when Premium has ended meanwhile', async () => {
    stubApi({
      [`GET ${LAST_30}`]: { status: 403, body: { statusCode: 403, message: ReportMessages.premiumOnly } },
    });
    renderDashboard(<PremiumReport />);

    expect(await within(card()).findByRole('alert')).toHaveTextContent(ReportMessages.premiumOnly);
    expect(within(card()).getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/subscribe');
  });
});

describe('the report’s CSV download', () => {
  /** The API with the last 30 and 7 days, the CSV answered by `csv`; the files handed to the browser are collected. */
  function stubCsv(csv: (path: string) => Response | Promise<Response>) {
    const { calls, fetchMock } = stubApi({
      [`GET ${LAST_30}`]: { body: MONTH },
      [`GET ${LAST_7}`]: { body: aReport('2026-03-04', '2026-03-10') },
    });
    const json = fetchMock.getMockImplementation()!;
    const csvCalls: Array<{ path: string; init?: RequestInit }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        const path = String(input);
        if (!path.startsWith(CSV)) return json(input, init);
        csvCalls.push({ path, init });
        return Promise.resolve(csv(path));
      }),
    );
    const saved: Array<{ name: string; blob: Blob }> = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        saved.push({ name: '', blob });
        return 'blob:report';
      }),
      revokeObjectURL: vi.fn(),
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved[saved.length - 1].name = this.download;
    });
    return { calls, csvCalls, saved };
  }

  const csvFile = (path: string) => {
    const query = new URLSearchParams(path.split('?')[1]);
    return new Response(`day,views\n${query.get('from')},3\n`, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="linkbio-report-${query.get('from')}-${query.get('to')}.csv"`,
      },
    });
  };

  it('downloads the period shown as a CSV file, under the name the server gives it', async () => {
    const { csvCalls, saved } = stubCsv(csvFile);
    const { user } = renderDashboard(<PremiumReport />);
    await within(card()).findByRole('table', { name: 'Sources' });

    await user.click(within(card()).getByRole('button', { name: 'Download CSV' }));
    expect(await within(card()).findByRole('status')).toHaveTextContent(
      'Your report is downloading as linkbio-report-2026-02-09-2026-03-10.csv.',
    );
    expect(csvCalls).toEqual([
      { path: `${CSV}?from=2026-02-09&to=2026-03-10&compare=previous`, init: { credentials: 'include' } },
    ]);
    expect(saved.map((file) => file.name)).toEqual(['linkbio-report-2026-02-09-2026-03-10.csv']);
    expect(await saved[0].blob.text()).toBe('day,views\n2026-02-09,3\n');

    // Another period: its own file, and the last one's notice is gone.
    await user.click(within(card()).getByRole('radio', { name: 'Last 7 days' }));
    expect(within(card()).queryByText(/is downloading as/)).not.toBeInTheDocument();
    await user.click(within(card()).getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved.map((file) => file.name)).toHaveLength(2));
    expect(csvCalls[1].path).toBe(`${CSV}?from=2026-03-04&to=2026-03-10&compare=previous`);
    expect(saved[1].name).toBe('linkbio-report-2026-03-04-2026-03-10.csv');
  });

  it("shows 'Preparing…' on a disabled button while the file is made", async () => {
    stubCsv(() => new Promise<Response>(() => {}));
    const { user } = renderDashboard(<PremiumReport />);
    await user.click(within(card()).getByRole('button', { name: 'Download CSV' }));
    expect(await within(card()).findByRole('button', { name: 'Preparing…' })).toBeDisabled();
  });

  it('shows why the file could not be made, and saves nothing', async () => {
    const { saved } = stubCsv(
      () =>
        new Response(JSON.stringify({ statusCode: 403, message: ReportMessages.premiumOnly }), {
          status: 403,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    const { user } = renderDashboard(<PremiumReport />);
    await within(card()).findByRole('table', { name: 'Sources' });

    await user.click(within(card()).getByRole('button', { name: 'Download CSV' }));
    expect(await within(card()).findByRole('alert')).toHaveTextContent(ReportMessages.premiumOnly);
    expect(saved).toEqual([]);
    expect(within(card()).getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  });
});

describe('LazyReportCard', () => {
  it('shows free creators the upgrade notice, loading and asking for nothing', async () => {
    const { fetchMock } = stubApi({});
    const { user, router } = renderDashboard(<LazyReportCard isPremium={false} />);

    expect(within(card()).getByRole('alert')).toHaveTextContent(ReportMessages.premiumOnly);
    expect(within(card()).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(card()).queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
    await user.click(within(card()).getByRole('link', { name: 'Upgrade to Premium' }));
    expect(await screen.findByText('Subscribe screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/subscribe');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the card’s outline while its code loads, then the report', async () => {
    stubApi({ [`GET ${LAST_30}`]: { body: MONTH } });
    renderDashboard(<LazyReportCard isPremium />);

    expect(within(card()).getByRole('status', { name: 'Loading the report' })).toBeInTheDocument();
    // The outline is replaced by the loaded card: look the region up again.
    expect(await screen.findByRole('table', { name: 'Sources' })).toBeInTheDocument();
    expect(within(card()).getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
  });
});
