import { describe, expect, it } from 'vitest';
import type { ReportRow } from '@linkbio/shared-contracts';
import { countryName, formatMoney, formatRange, percentChange, pointsChange, rowLabel, shareOf } from './report-format';
import { lastDays, reportQueryString } from './report-period';

const row = (key: string | null, label?: string): ReportRow => ({
  key,
  ...(label === undefined ? {} : { label }),
  views: 1,
  uniqueVisitors: 1,
  clicks: 0,
  orders: 0,
  revenueCents: 0,
});

describe('the report’s numbers', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [999, '$9.99'],
    [123456, '$1,234.56'],
    [100000000, '$1,000,000.00'],
    [-250, '−$2.50'],
  ])('writes %d cents as %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });

  it.each([
    [112, 100, '+12%', 'up'],
    [95, 100, '−5%', 'down'],
    [100, 100, '0%', 'same'],
    [1001, 1000, '0%', 'same'],
    [3, 0, 'new', 'up'],
    [0, 0, '0%', 'same'],
    [0, 40, '−100%', 'down'],
    [-50, -100, '+50%', 'up'],
  ])('changes from %d to %d: %s', (current, previous, text, direction) => {
    expect(percentChange(current, previous)).toEqual({ text, direction });
  });

  it('gives the click rate’s change in percentage points, and "new" when there were no views before', () => {
    expect(pointsChange(12.5, 10, 1000)).toEqual({ text: '+2.5 pts', direction: 'up' });
    expect(pointsChange(9, 10, 1000)).toEqual({ text: '−1.0 pts', direction: 'down' });
    expect(pointsChange(10, 10, 1000)).toEqual({ text: '0%', direction: 'same' });
    expect(pointsChange(12.5, 0, 0)).toEqual({ text: 'new', direction: 'up' });
    expect(pointsChange(0, 0, 0)).toEqual({ text: '0%', direction: 'same' });
  });

  it('divides with one decimal, and says "—" with nothing to divide by', () => {
    expect(shareOf(7, 140)).toBe('5.0%');
    expect(shareOf(1, 3)).toBe('33.3%');
    expect(shareOf(2, 0)).toBe('—');
  });
});

describe('the report’s names', () => {
  it('names countries from their ISO code', () => {
    expect(countryName('US')).toBe('United States');
    expect(countryName('de')).toBe('Germany');
    expect(countryName('unknown')).toBe('Unknown');
    expect(countryName('not a code')).toBe('not a code');
  });

  it('names each breakdown’s rows, the null key as that breakdown’s "none"', () => {
    expect(rowLabel('bySource', row(null))).toBe('Direct');
    expect(rowLabel('bySource', row('newsletter'))).toBe('newsletter');
    expect(rowLabel('byMedium', row(null))).toBe('No medium');
    expect(rowLabel('byCampaign', row(null))).toBe('No campaign');
    expect(rowLabel('byCountry', row('FR'))).toBe('France');
    expect(rowLabel('byDevice', row('tablet'))).toBe('Tablet');
    expect(rowLabel('byDevice', row(null))).toBe('Not known');
    expect(rowLabel('byLink', row('0b8f1c1e', 'Shop'))).toBe('Shop');
    expect(rowLabel('byLink', row('0b8f1c1e'))).toBe('A removed link');
  });

  it('writes periods of UTC days', () => {
    expect(formatRange('2026-03-04', '2026-03-10')).toBe('Mar 4 – Mar 10, 2026');
    expect(formatRange('2025-12-11', '2026-03-10')).toBe('Dec 11, 2025 – Mar 10, 2026');
    expect(formatRange('2026-03-10', '2026-03-10')).toBe('Mar 10, 2026');
  });

  it('ends the last N days today (UTC), today included, and asks to compare', () => {
    expect(lastDays(7, '2026-03-10')).toEqual({ from: '2026-03-04', to: '2026-03-10' });
    expect(lastDays(90, '2026-03-10')).toEqual({ from: '2025-12-11', to: '2026-03-10' });
    expect(reportQueryString({ from: '2026-03-04', to: '2026-03-10' })).toBe(
      'from=2026-03-04&to=2026-03-10&compare=previous',
    );
  });
});
