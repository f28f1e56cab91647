import { useEffect, useState } from 'react';
import { nextScheduleChangeAt, type LinkView, type SchedulePhase } from '@linkbio/shared-contracts';
import { cn } from '@/lib/cn';
import {
  boundsOf,
  hasSchedule,
  HIDDEN_PHASE_LABELS,
  PHASE_LABELS,
  scheduleSummary,
  schedulePhaseOf,
} from '../schedule';

type Bounds = Pick<LinkView, 'startsAt' | 'endsAt'>;

/** setTimeout's longest delay; a later change re-arms the timer when it fires. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/** The current time, renewed at the link's next start or end, so the badge turns over on time. */
function useNowUntilNextChange(link: Bounds): Date {
  const [now, setNow] = useState(() => new Date());
  const next = nextScheduleChangeAt([boundsOf(link)], now)?.getTime() ?? null;
  useEffect(() => {
    if (next === null) return undefined;
    const timer = setTimeout(() => setNow(new Date()), Math.min(Math.max(next - Date.now(), 0), MAX_DELAY_MS));
    return () => clearTimeout(timer);
  }, [next, now]);
  return now;
}

const PHASE_STYLES: Record<SchedulePhase, string> = {
  upcoming: 'bg-sky-100 text-sky-800',
  live: 'bg-emerald-100 text-emerald-800',
  ended: 'bg-muted text-muted-foreground',
};

interface ScheduleBadgeProps {
  link: Bounds;
  /** The row's show/hide switch: a link switched off is not on the page, whatever its schedule says. */
  isActive: boolean;
  isPremium: boolean;
  timeZone: string;
}

/**
 * 'Scheduled', 'Live' or 'Ended' with the times in the creator's zone; for a link switched off, 'Scheduled (hidden)'
 * or 'Live (hidden)' in grey, since it is not on the page. While the creator is not premium the saved schedule is
 * kept but does not apply, and the row says so.
 */
export function ScheduleBadge({ link, isActive, isPremium, timeZone }: ScheduleBadgeProps) {
  const now = useNowUntilNextChange(link);
  const phase = schedulePhaseOf(link, now);
  if (!hasSchedule(link) || phase === null) return null;
  return (
    <p
      data-testid="link-schedule"
      className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground"
    >
      {isPremium ? (
        <>
          <span
            data-phase={phase}
            className={cn(
              'shrink-0 rounded-full px-2 py-0.5 font-medium',
              isActive ? PHASE_STYLES[phase] : PHASE_STYLES.ended,
            )}
          >
            {isActive ? PHASE_LABELS[phase] : HIDDEN_PHASE_LABELS[phase]}
          </span>
          <span className="min-w-0">{scheduleSummary(link, phase, timeZone)}</span>
        </>
      ) : (
        <>
          <span
            data-phase="paused"
            className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900"
          >
            Schedule paused
          </span>
          <span className="min-w-0">
            {isActive
              ? 'Kept for when you return to Premium; the link shows all the time until then.'
              : 'Kept for when you return to Premium.'}
          </span>
        </>
      )}
    </p>
  );
}
