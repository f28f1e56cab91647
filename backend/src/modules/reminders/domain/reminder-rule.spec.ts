import { DEFAULT_REMINDER_SETTINGS, type ReminderSettingsView } from '@linkbio/shared-contracts';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { remindersDue, type ReminderCandidate } from './reminder-rule.js';

const HOUR = 3_600_000;
const START = new Date('2027-03-10T15:00:00.000Z');
const at = (msBeforeStart: number) => new Date(START.getTime() - msBeforeStart);

const booking = (over: Partial<ReminderCandidate> = {}): ReminderCandidate => ({
  status: 'paid',
  slotStart: START,
  paidAt: at(5 * 24 * HOUR),
  rescheduledAt: null,
  ...over,
});

describe('which reminders are due', () => {
  const clock = new FixedClock(at(48 * HOUR));
  const due = (candidate = booking(), settings: ReminderSettingsView = DEFAULT_REMINDER_SETTINGS) => remindersDue(candidate, settings, clock.now());

  it('sends the 24-hour ones at their moment, not a millisecond before', () => {
    clock.set(at(24 * HOUR + 1));
    expect(due()).toEqual([]);
    clock.set(at(24 * HOUR));
    expect(due()).toEqual(['visitor24h', 'creator24h']);
    clock.set(at(2 * HOUR));
    expect(due()).toEqual(['visitor24h', 'creator24h']);
  });

  it('sends the 1-hour ones at their moment, not a millisecond before, and drops a 24-hour one not sent by then', () => {
    clock.set(at(HOUR + 1));
    expect(due()).toEqual(['visitor24h', 'creator24h']);
    clock.set(at(HOUR));
    expect(due()).toEqual(['visitor1h', 'creator1h']);
    clock.set(at(1));
    expect(due()).toEqual(['visitor1h', 'creator1h']);
  });

  it('sends none once the session has started', () => {
    clock.set(at(0));
    expect(due()).toEqual([]);
    clock.set(at(-HOUR));
    expect(due()).toEqual([]);
  });

  it('reminds only sessions that still take place: paid, or refunded in part', () => {
    clock.set(at(HOUR / 2));
    expect(due(booking({ status: 'partially_refunded' }))).toEqual(['visitor1h', 'creator1h']);
    for (const status of ['cancelled', 'refund_due', 'refunded', 'refund_failed', 'pending_payment', 'failed', 'expired']) {
      expect([status, due(booking({ status }))]).toEqual([status, []]);
    }
  });

  it('never sends a reminder whose moment passed before the booking was paid', () => {
    const paid3HoursBefore = booking({ paidAt: at(3 * HOUR) });
    clock.set(at(3 * HOUR));
    expect(due(paid3HoursBefore)).toEqual([]);
    clock.set(at(HOUR));
    expect(due(paid3HoursBefore)).toEqual(['visitor1h', 'creator1h']);
    // Paid exactly at the 24-hour moment: that one is still sent.
    clock.set(at(24 * HOUR));
    expect(due(booking({ paidAt: at(24 * HOUR) }))).toEqual(['visitor24h', 'creator24h']);
  });

  it('plans a moved session from the move: a moment before it is not sent', () => {
    const movedLate = booking({ rescheduledAt: at(5 * HOUR) });
    clock.set(at(4 * HOUR));
    expect(due(movedLate)).toEqual([]);
    clock.set(at(HOUR));
    expect(due(movedLate)).toEqual(['visitor1h', 'creator1h']);
    const movedEarly = booking({ rescheduledAt: at(30 * HOUR) });
    clock.set(at(24 * HOUR));
    expect(due(movedEarly)).toEqual(['visitor24h', 'creator24h']);
    const movedWithinTheHour = booking({ rescheduledAt: at(HOUR / 2) });
    clock.set(at(HOUR / 4));
    expect(due(movedWithinTheHour)).toEqual([]);
  });

  it('leaves out each reminder the creator switched off', () => {
    clock.set(at(24 * HOUR));
    expect(due(booking(), { ...DEFAULT_REMINDER_SETTINGS, visitor24h: false })).toEqual(['creator24h']);
    expect(due(booking(), { ...DEFAULT_REMINDER_SETTINGS, creator24h: false })).toEqual(['visitor24h']);
    clock.set(at(HOUR));
    expect(due(booking(), { ...DEFAULT_REMINDER_SETTINGS, visitor1h: false })).toEqual(['creator1h']);
    expect(due(booking(), { ...DEFAULT_REMINDER_SETTINGS, creator1h: false })).toEqual(['visitor1h']);
    expect(due(booking(), { visitor24h: false, visitor1h: false, creator24h: false, creator1h: false })).toEqual([]);
  });
});
