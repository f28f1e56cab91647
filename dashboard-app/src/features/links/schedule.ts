import {
  instantOfWallTime,
  ScheduleMessages,
  schedulePhaseAt,
  UpdateLinkRequest,
  wallTimeIn,
  type LinkView,
  type SchedulePhase,
} from '@linkbio/shared-contracts';
import { validateWith } from '@/lib/validate';

/**
 * Link scheduling in the creator's own time zone: the dashboard shows and takes wall-clock times of the zone
 * the browser is in and sends the server ISO instants (UTC), so what the creator picks is what the page does.
 */

/** The creator's time zone, as the browser knows it (e.g. 'Europe/Paris'). */
export const creatorTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

type Bounds = Pick<LinkView, 'startsAt' | 'endsAt'>;

export const hasSchedule = (link: Bounds): boolean => Boolean(link.startsAt || link.endsAt);

const dateOf = (iso: string | null | undefined) => (iso ? new Date(iso) : null);

export const boundsOf = (link: Bounds) => ({ startsAt: dateOf(link.startsAt), endsAt: dateOf(link.endsAt) });

/** 'upcoming', 'live' or 'ended' at `now` (from the start, inclusive, to the end, exclusive); null when unscheduled. */
export const schedulePhaseOf = (link: Bounds, now: Date): SchedulePhase | null =>
  hasSchedule(link) ? schedulePhaseAt(boundsOf(link), now) : null;

/**
 * The links the bio page shows at `now`, in order: switched on, and for Premium creators live by their schedule
 * (scheduling applies only while Premium; afterwards the saved bounds are kept but ignored).
 */
export const linksOnPageAt = <T extends Bounds & { isActive: boolean }>(
  links: T[],
  isPremium: boolean,
  now: Date,
): T[] => links.filter((link) => link.isActive && (!isPremium || (schedulePhaseOf(link, now) ?? 'live') === 'live'));

export const PHASE_LABELS: Record<SchedulePhase, string> = { upcoming: 'Scheduled', live: 'Live', ended: 'Ended' };

/** The phase of a link switched off: the schedule still runs, but the link stays off the page until switched on. */
export const HIDDEN_PHASE_LABELS: Record<SchedulePhase, string> = {
  upcoming: 'Scheduled (hidden)',
  live: 'Live (hidden)',
  ended: 'Ended',
};

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A `datetime-local` value ('2026-03-02T09:00'), read as wall time in `timeZone`, as an ISO instant
 * ('2026-03-02T08:00:00.000Z' in Europe/Paris). Null for an empty or unreadable value.
 *
 * Around a clock change the wall time is tried with the offset in force before it and the one after it (a day
 * either side), and a try counts only if that instant shows the same wall time again:
 * - a time the clocks show twice (the autumn change) is its first occurrence, e.g. 01:30 EDT, not 01:30 EST,
 *   in America/New_York on 2026-11-01;
 * - a time the clocks skip (the spring change) is read with the offset in force before it, so it moves forward
 *   by the gap: 02:30 becomes 03:30 (Europe/Paris on 2026-03-29, America/New_York on 2026-03-08).
 */
export function instantFromLocalInput(value: string, timeZone: string): string | null {
  const match = LOCAL_INPUT.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  return new Date(instantOfWallTime(timeZone, Date.UTC(year, month - 1, day, hour, minute, second))).toISOString();
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** An ISO instant as the `datetime-local` value showing it on the clocks of `timeZone`; '' for none. */
export function localInputFromInstant(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const wall = wallTimeIn(new Date(iso), timeZone);
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** "Mar 2, 2026, 9:00 AM GMT+1": an instant on the clocks of `timeZone`, with the zone's short name. */
export function formatInZone(iso: string, timeZone: string): string {
  return new Date(iso)
    .toLocaleString('en-US', {
      timeZone,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    })
    .replace(/\s/g, ' ');
}

/** The times beside a row's badge, e.g. "Starts Mar 2, 2026, 9:00 AM GMT+1 · ends Mar 3, …". */
export function scheduleSummary(link: Bounds, phase: SchedulePhase, timeZone: string): string {
  const start = link.startsAt ? formatInZone(link.startsAt, timeZone) : null;
  const end = link.endsAt ? formatInZone(link.endsAt, timeZone) : null;
  switch (phase) {
    case 'upcoming':
      return end ? `Starts ${start} · ends ${end}` : `Starts ${start}`;
    case 'live':
      return end ? `Until ${end}` : `Since ${start}`;
    case 'ended':
      return `Ended ${end}`;
  }
}

export interface ScheduleBounds {
  startsAt: string | null;
  endsAt: string | null;
}

export type ScheduleField = 'startsAt' | 'endsAt';

/** Beside a `datetime-local` field with part of its date or time still missing. */
export const INCOMPLETE_DATE_TIME = 'Enter a complete date and time.';

/**
 * A message for each field the browser holds a half-typed date and time in. Such a field's value reads '', like an
 * empty one (with `validity.badInput`), and must not be taken for "no bound", which would show the link at once.
 */
export function incompleteErrorsOf(incomplete: Partial<Record<ScheduleField, boolean>> = {}): {
  startsAt?: string;
  endsAt?: string;
} {
  return {
    ...(incomplete.startsAt ? { startsAt: INCOMPLETE_DATE_TIME } : {}),
    ...(incomplete.endsAt ? { endsAt: INCOMPLETE_DATE_TIME } : {}),
  };
}

/** The inputs' wall times as the instants to send; an empty input is no bound (null). */
export function boundsFromInputs(inputs: { startsAt: string; endsAt: string }, timeZone: string): ScheduleBounds {
  return {
    startsAt: instantFromLocalInput(inputs.startsAt, timeZone),
    endsAt: instantFromLocalInput(inputs.endsAt, timeZone),
  };
}

/** What the API's own rules say about these bounds before sending them (the end after the start). */
export function scheduleErrorsOf(bounds: ScheduleBounds): { startsAt?: string; endsAt?: string } {
  const { startsAt, endsAt } = validateWith(UpdateLinkRequest, { ...bounds });
  return { ...(startsAt ? { startsAt } : {}), ...(endsAt ? { endsAt } : {}) };
}

/** Where the server's 400 about a schedule belongs in the form; null for any other message. */
export function scheduleErrorFromServer(
  message: string,
): { startsAt?: string; endsAt?: string; schedule?: string } | null {
  switch (message) {
    case ScheduleMessages.invalidStart:
      return { startsAt: message };
    case ScheduleMessages.invalidEnd:
    case ScheduleMessages.endNotAfterStart:
      return { endsAt: message };
    case ScheduleMessages.outOfRange:
      return { schedule: message };
    default:
      return null;
  }
}
