import { ReportTexts, type ReportBreakdown, type ReportRow } from '@linkbio/shared-contracts';
import { formatCount, formatRate } from './format';

const MINUS = '\u2212';

/** Integer cents as dollars with two decimals, without floating point: 123456 → '$1,234.56', −250 → '−$2.50'. */
export function formatMoney(cents: number): string {
  const whole = Math.floor(Math.abs(cents) / 100);
  const rest = String(Math.abs(cents) % 100).padStart(2, '0');
  return `${cents < 0 ? MINUS : ''}$${formatCount(whole)}.${rest}`;
}

/** '2026-03-04' → 'Mar 4, 2026' (a UTC day). */
export const formatDayWithYear = (day: string) =>
  new Date(`${day}T00:00:00.000Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** A period of UTC days: 'Mar 4 – Mar 10, 2026', or with both years when they differ; one day alone. */
export function formatRange(from: string, to: string): string {
  if (from === to) return formatDayWithYear(from);
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  const start = sameYear
    ? new Date(`${from}T00:00:00.000Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })
    : formatDayWithYear(from);
  return `${start} – ${formatDayWithYear(to)}`;
}

export type ChangeDirection = 'up' | 'down' | 'same';

export interface Change {
  text: string;
  direction: ChangeDirection;
}

/**
 * A total's change from the previous period, in percent rounded to a whole: '+12%', '−5%', '0%'; 'new' when it
 * was zero before and is not now.
 */
export function percentChange(current: number, previous: number): Change {
  if (previous === 0) {
    return current === 0
      ? { text: ReportTexts.changeNone, direction: 'same' }
      : { text: ReportTexts.changeNew, direction: current > 0 ? 'up' : 'down' };
  }
  const percent = Math.round(((current - previous) / Math.abs(previous)) * 100);
  if (percent === 0) return { text: ReportTexts.changeNone, direction: 'same' };
  return percent > 0 ? { text: `+${percent}%`, direction: 'up' } : { text: `${MINUS}${-percent}%`, direction: 'down' };
}

/**
 * The click rate's change in percentage points, one decimal: '+2.5 pts', '−1.0 pts', '0%' for none; 'new' when
 * there were no views before (a rate of 0 then) and there is a rate now.
 */
export function pointsChange(current: number, previous: number, previousViews: number): Change {
  if (previousViews === 0 && current > 0) return { text: ReportTexts.changeNew, direction: 'up' };
  const points = Math.round((current - previous) * 10) / 10;
  if (points === 0) return { text: ReportTexts.changeNone, direction: 'same' };
  return points > 0
    ? { text: ReportTexts.points(`+${points.toFixed(1)}`), direction: 'up' }
    : { text: ReportTexts.points(`${MINUS}${(-points).toFixed(1)}`), direction: 'down' };
}

/** `part` ÷ `whole` as a rate with one decimal ('3.3%'); '—' when there is nothing to divide by. */
export const shareOf = (part: number, whole: number) =>
  whole > 0 ? formatRate(Math.round((part / whole) * 1000) / 10) : ReportTexts.notApplicable;

let regionNames: Intl.DisplayNames | null | undefined;

/** A country's English name from its ISO 3166-1 alpha-2 code ('DE' → 'Germany'); 'unknown' → 'Unknown'. */
export function countryName(code: string): string {
  if (code === 'unknown') return ReportTexts.unknownCountry;
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
    } catch {
      regionNames = null;
    }
  }
  try {
    return regionNames?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** What a breakdown's row is called: the "none" text for a null key, a country's or device's name, a link's title. */
export function rowLabel(breakdown: ReportBreakdown, row: ReportRow): string {
  const texts = ReportTexts.breakdowns[breakdown];
  if (row.key === null) return texts.none;
  switch (breakdown) {
    case 'byCountry':
      return countryName(row.key);
    case 'byDevice':
      return ReportTexts.devices[row.key] ?? row.key;
    case 'byLink':
      return row.label ?? texts.none;
    case 'bySource':
    case 'byMedium':
    case 'byCampaign':
      return row.key;
  }
}
