import { PayoutMessages } from '@linkbio/shared-contracts';
import { conflict, invalid, notFound } from '../../../shared/domain-error.js';
import { hasEnded, MAX_ISO_YEAR, MIN_ISO_YEAR, parseIsoWeek, weeksInYear, type IsoWeek } from './iso-week.js';

export const payoutNotFound = () => notFound(PayoutMessages.notFound);
export const payoutAlreadyPaid = () => conflict(PayoutMessages.alreadyPaid);
export const payoutOnHold = () => conflict(PayoutMessages.onHold);

export const WeekMessages = {
  format: (text: string) => `"${text}" is not an ISO week: write it like 2026-W47 (year, "-W", two-digit week)`,
  missing: (year: number) =>
    `${year} has ${weeksInYear(year)} ISO weeks, from ${year}-W01 to ${year}-W${weeksInYear(year)}`,
  yearRange: `The year must be between ${MIN_ISO_YEAR} and ${MAX_ISO_YEAR}`,
  notEnded: (week: IsoWeek) =>
    `${week.label} has not ended yet: it ends ${week.end.toISOString()}; payouts are made for weeks that have ended`,
} as const;

/**
 * A week to pay out, as an operator types it (`--week 2026-W47`): it must exist (2026-W53 does, 2025-W53 does
 * not) and have ended, since a payout for a week still running would leave the rest of its earnings for later.
 */
export function weekToPayOut(text: string, now: Date): IsoWeek {
  const trimmed = text.trim();
  const match = /^(\d{4})-W(\d{2})$/i.exec(trimmed);
  if (!match) throw invalid(WeekMessages.format(trimmed.slice(0, 40)));
  const year = Number(match[1]);
  if (year < MIN_ISO_YEAR || year > MAX_ISO_YEAR) throw invalid(WeekMessages.yearRange);
  const week = parseIsoWeek(`${match[1]}-W${match[2]}`);
  if (!week) throw invalid(WeekMessages.missing(year));
  if (!hasEnded(week, now)) throw invalid(WeekMessages.notEnded(week));
  return week;
}
