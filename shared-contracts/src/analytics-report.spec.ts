import { addDays, daysBetween, isDay, parseReportQuery, previousRangeOf, ReportMessages } from './analytics-report.js';

const TODAY = '2027-03-10';

describe('the report query', () => {
  it('takes a period up to today, with or without the comparison', () => {
    expect(parseReportQuery({ from: '2027-03-01', to: '2027-03-10' }, TODAY)).toEqual({ query: { from: '2027-03-01', to: '2027-03-10', compare: false } });
    expect(parseReportQuery({ from: '2026-03-10', to: '2027-03-10', compare: 'previous' }, TODAY)).toEqual({
      query: { from: '2026-03-10', to: '2027-03-10', compare: true },
    });
  });

  it.each([
    [{}, ReportMessages.fromRequired],
    [{ from: '2027-03-01' }, ReportMessages.toRequired],
    [{ from: '', to: '2027-03-01' }, ReportMessages.fromRequired],
    [{ from: '2027-3-1', to: '2027-03-01' }, ReportMessages.badDate('from')],
    [{ from: '2027-02-30', to: '2027-03-01' }, ReportMessages.badDate('from')],
    [{ from: '2027-03-01', to: 'today' }, ReportMessages.badDate('to')],
    [{ from: '2027-03-01', to: '2027-03-01T00:00:00Z' }, ReportMessages.badDate('to')],
    [{ from: ['2027-03-01', '2027-03-02'], to: '2027-03-05' }, ReportMessages.once('from')],
    [{ from: '2027-03-01', to: { a: 1 } }, ReportMessages.once('to')],
    [{ from: '2027-03-05', to: '2027-03-01' }, ReportMessages.order],
    [{ from: '2027-03-01', to: '2027-03-11' }, ReportMessages.future],
    [{ from: '2026-03-09', to: '2027-03-10' }, ReportMessages.tooLong],
    [{ from: '2027-03-01', to: '2027-03-02', compare: 'last-year' }, ReportMessages.compare],
    [{ from: '2027-03-01', to: '2027-03-02', compare: ['previous', 'previous'] }, ReportMessages.once('compare')],
    [{ from: '2027-03-01', to: '2027-03-02', days: '7' }, ReportMessages.unknown('days')],
  ])('refuses %j', (query, problem) => {
    expect(parseReportQuery(query as Record<string, unknown>, TODAY)).toEqual({ problem });
  });

  it('counts days and finds the period before', () => {
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2027-02-29')).toBe(false);
    expect(daysBetween('2027-03-01', '2027-03-01')).toBe(1);
    expect(daysBetween('2027-02-01', '2027-03-01')).toBe(29);
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(previousRangeOf({ from: '2027-03-01', to: '2027-03-07' })).toEqual({ from: '2027-02-22', to: '2027-02-28' });
  });
});
