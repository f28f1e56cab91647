import { useState } from 'react';
import type { ManagedBookingView } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { messageOf } from '@/lib/api-client';
import { useOpenSlots, useRescheduleManagedBooking } from '../api/managed-booking';
import { addDays, formatDay, formatSession, formatTime, todayIn } from './session-time';

/** Weeks ahead the picker pages to (a creator's horizon is at most a year). */
const MAX_WEEKS = 52;

interface ReschedulePickerProps {
  token: string;
  booking: ManagedBookingView;
  /** Back to the booking: nothing moved. */
  onClose: () => void;
  onMoved: () => void;
}

/** "Move to another time": the creator's open times a week at a time, one picked, then confirmed. */
export function ReschedulePicker({ token, booking, onClose, onMoved }: ReschedulePickerProps) {
  const [week, setWeek] = useState(0);
  const [picked, setPicked] = useState<{ start: string; end: string } | null>(null);
  const from = addDays(todayIn(booking.timeZone), week * 7);
  const slots = useOpenSlots(booking.creator.username, from);
  const move = useRescheduleManagedBooking(token);

  const byDay = new Map<string, { start: string; end: string }[]>();
  for (const slot of slots.data?.slots ?? []) {
    if (slot.start === booking.slotStart) continue;
    const day = formatDay(slot.start);
    byDay.set(day, [...(byDay.get(day) ?? []), slot]);
  }

  if (picked) {
    return (
      <section aria-label="Confirm the new time" className="space-y-3">
        <p className="text-sm">
          Move your session to <strong>{formatSession(picked.start, picked.end)}</strong>? You can move it only once.
        </p>
        {move.isError ? <Notice variant="error">{messageOf(move.error, 'The session could not be moved. Please try again.')}</Notice> : null}
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button onClick={() => move.mutate(picked.start, { onSuccess: onMoved })} disabled={move.isPending}>
            {move.isPending ? 'Moving...' : 'Confirm new time'}
          </Button>
          <Button variant="outline" onClick={() => {
              move.reset();
              setPicked(null);
            }} disabled={move.isPending}>
            Pick another time
          </Button>
        </div>
      </section>
    );
  }

  return (
    <section aria-label="Free times" className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <Button variant="outline" size="sm" onClick={() => setWeek(week - 1)} disabled={week === 0}>
          Previous week
        </Button>
        <Button variant="outline" size="sm" onClick={() => setWeek(week + 1)} disabled={week >= MAX_WEEKS}>
          Next week
        </Button>
      </div>
      {slots.isPending ? <p className="text-sm text-muted-foreground">Loading free times...</p> : null}
      {slots.isError ? <Notice variant="error">{messageOf(slots.error, 'Free times could not be loaded. Please try again.')}</Notice> : null}
      {slots.isSuccess && byDay.size === 0 ? <p className="text-sm text-muted-foreground">No free times this week.</p> : null}
      {[...byDay].map(([day, daySlots]) => (
        <div key={day} className="space-y-2">
          <h3 className="text-sm font-medium">{day}</h3>
          <ul className="flex flex-wrap gap-2">
            {daySlots.map((slot) => (
              <li key={slot.start}>
                <Button variant="outline" size="sm" onClick={() => setPicked(slot)}>
                  {formatTime(slot.start)}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <Button variant="ghost" onClick={onClose}>
        Keep the current time
      </Button>
    </section>
  );
}
