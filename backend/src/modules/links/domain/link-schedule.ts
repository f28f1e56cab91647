import { parseIsoInstant, SCHEDULE_RANGE_YEARS, ScheduleMessages, type ScheduleBounds } from '@linkbio/shared-contracts';
import { forbidden, invalid } from '../../../shared/domain-error.js';

/**
 * Link scheduling (Premium, decisions.md): a link may carry a start and an end and is shown only from its
 * start (inclusive) until its end (exclusive). The rule applies while the creator is premium; when premium
 * ends the saved bounds are kept but ignored, so the creator's active links all show again. Which links a page
 * shows at an instant is the public pages' to say (public-pages/domain/public-page.ts).
 */

/** A bound as sent: an ISO 8601 instant with Z or an offset sets it, null clears it, undefined keeps it. */
export interface ScheduleChange {
  startsAt?: string | null;
  endsAt?: string | null;
}

/**
 * The bounds after `change`, checked as a whole before anything changes: setting a bound needs Premium
 * (clearing one, or sending the saved value again, does not), a bound that is set must lie within ten years
 * of now either way, and the end must come after the start.
 */
export function rescheduled(
  current: ScheduleBounds,
  change: ScheduleChange,
  now: Date,
  isPremium: boolean,
): ScheduleBounds {
  const startsAt =
    change.startsAt === undefined ? current.startsAt : instant(change.startsAt, ScheduleMessages.invalidStart);
  const endsAt = change.endsAt === undefined ? current.endsAt : instant(change.endsAt, ScheduleMessages.invalidEnd);
  const newlySet = [
    [startsAt, current.startsAt],
    [endsAt, current.endsAt],
  ].flatMap(([next, saved]) => (next && next.getTime() !== saved?.getTime() ? [next] : []));
  if (newlySet.length === 0) return { startsAt, endsAt };
  if (!isPremium) throw forbidden(ScheduleMessages.premiumOnly);
  const [earliest, latest] = [yearsFrom(now, -SCHEDULE_RANGE_YEARS), yearsFrom(now, SCHEDULE_RANGE_YEARS)];
  if (newlySet.some((bound) => bound < earliest || bound > latest)) throw invalid(ScheduleMessages.outOfRange);
  if (startsAt && endsAt && endsAt.getTime() <= startsAt.getTime()) throw invalid(ScheduleMessages.endNotAfterStart);
  return { startsAt, endsAt };
}

function instant(value: string | null, message: string): Date | null {
  if (value === null) return null;
  const parsed = parseIsoInstant(value);
  if (parsed === null) throw invalid(message);
  return parsed;
}

function yearsFrom(now: Date, years: number): Date {
  const date = new Date(now.getTime());
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date;
}
