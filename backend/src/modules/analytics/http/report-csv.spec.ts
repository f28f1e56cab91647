import type { AnalyticsReportView } from '@linkbio/shared-contracts';
import { reportCsv, reportFileName, safeText } from './report-csv.js';

const zeros = { views: 0, uniqueVisitors: 0, clicks: 0, orders: 0, revenueCents: 0 };
const totals = { views: 10, uniqueVisitors: 7, clicks: 3, clickRate: 30, orders: 2, revenueCents: 4500 };

const report = (more: Partial<AnalyticsReportView> = {}): AnalyticsReportView => ({
  from: '2027-03-09',
  to: '2027-03-10',
  totals,
  previousRange: null,
  previous: null,
  byDay: [
    { key: '2027-03-09', ...zeros },
    { key: '2027-03-10', ...zeros, views: 10 },
  ],
  bySource: [],
  byMedium: [],
  byCampaign: [],
  byCountry: [],
  byDevice: [],
  byLink: [],
  ...more,
});

describe('the report as CSV', () => {
  it('writes a header, the totals, each day and each breakdown row, with CRLF line ends', () => {
    const csv = reportCsv(
      report({
        previousRange: { from: '2027-03-07', to: '2027-03-08' },
        previous: { ...totals, views: 4, clickRate: 75 },
        bySource: [{ key: null, ...zeros, views: 6, orders: 1, revenueCents: 500 }],
        byLink: [{ key: 'a3c8e2d4-1111-4a6b-9c0d-0000000000c1', label: 'Shop', ...zeros, clicks: 3 }],
      }),
    );

    expect(csv.split('\r\n')).toEqual([
      'section,key,label,views,unique_visitors,clicks,click_rate,orders,revenue_cents',
      'totals,2027-03-09/2027-03-10,,10,7,3,30,2,4500',
      'previous,2027-03-07/2027-03-08,,4,7,3,75,2,4500',
      'day,2027-03-09,,0,0,0,,0,0',
      'day,2027-03-10,,10,0,0,,0,0',
      'source,,,6,0,0,,1,500',
      'link,a3c8e2d4-1111-4a6b-9c0d-0000000000c1,Shop,0,0,3,,0,0',
      '',
    ]);
  });

  it('quotes commas, quotes and line breaks, and defuses what a spreadsheet would run', () => {
    const csv = reportCsv(
      report({
        bySource: [
          { key: '=HYPERLINK("https://evil.example")', ...zeros },
          { key: 'a, b', ...zeros },
          { key: 'line\nbreak', ...zeros },
        ],
        byCampaign: [
          { key: '+1', ...zeros },
          { key: '-1', ...zeros },
          { key: '@me', ...zeros },
          { key: '\tx', ...zeros },
        ],
        byLink: [{ key: 'a3c8e2d4-1111-4a6b-9c0d-0000000000c1', label: '=1+1', ...zeros }],
      }),
    );

    expect(csv).toContain(`source,"'=HYPERLINK(""https://evil.example"")",,`);
    expect(csv).toContain('source,"a, b",,');
    expect(csv).toContain('source,"line\nbreak",,');
    expect(csv).toContain("campaign,'+1,,");
    expect(csv).toContain("campaign,'-1,,");
    expect(csv).toContain("campaign,'@me,,");
    expect(csv).toContain("campaign,'\tx,,");
    expect(csv).toContain("link,a3c8e2d4-1111-4a6b-9c0d-0000000000c1,'=1+1,");
    expect(safeText('instagram.com')).toBe('instagram.com');
  });

  it('names the file after the period', () => {
    expect(reportFileName(report())).toBe('linkbio-report-2027-03-09-2027-03-10.csv');
  });
});
