import { addDays, type DayRangeView } from '@linkbio/shared-contracts';

/** The periods picked with one choice, in days, each ending today (UTC). */
export const REPORT_PRESETS = [7, 30, 90] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];
export type ReportPeriodChoice = ReportPreset | 'custom';
export const DEFAULT_REPORT_PRESET: ReportPreset = 30;

/** Today's date in UTC, 'YYYY-MM-DD': the report's days are UTC days. */
export const todayUtc = (now: Date = new Date()) => now.toISOString().slice(0, 10);

/** The last `days` days, today (UTC) included. */
export const lastDays = (days: number, today: string = todayUtc()): DayRangeView => ({
  from: addDays(today, 1 - days),
  to: today,
});

/** The report's query for a period, compared with the one before. */
export const reportQueryString = (range: DayRangeView) =>
  new URLSearchParams({ from: range.from, to: range.to, compare: 'previous' }).toString();
