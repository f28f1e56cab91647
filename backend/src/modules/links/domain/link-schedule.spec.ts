import { ScheduleMessages } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { rescheduled } from './link-schedule.js';

const START = new Date('2026-03-02T09:00:00.000Z');
const END = new Date('2026-03-02T17:00:00.000Z');
const NO_SCHEDULE = { startsAt: null, endsAt: null };
describe('rescheduled', () => {
  const NOW = new Date('2026-03-02T12:00:00.000Z');
  const saved = { startsAt: START, endsAt: END };
  const iso = ({ startsAt, endsAt }: { startsAt: Date | null; endsAt: Date | null }) => ({
    startsAt: startsAt?.toISOString() ?? null,
    endsAt: endsAt?.toISOString() ?? null,
  });

  it('reads each bound as an instant, whatever offset it was given in', () => {
    expect(
      iso(
        rescheduled(
          NO_SCHEDULE,
          { startsAt: '2026-03-05T09:00:00+05:30', endsAt: '2026-03-05T09:00:00-08:00' },
          NOW,
          true,
        ),
      ),
    ).toEqual({ startsAt: '2026-03-05T03:30:00.000Z', endsAt: '2026-03-05T17:00:00.000Z' });
  });

  it('keeps a bound that is not sent and clears one sent as null', () => {
    expect(iso(rescheduled(saved, {}, NOW, true))).toEqual(iso(saved));
    expect(iso(rescheduled(saved, { startsAt: null }, NOW, true))).toEqual({
      startsAt: null,
      endsAt: END.toISOString(),
    });
    expect(iso(rescheduled(saved, { startsAt: null, endsAt: null }, NOW, false))).toEqual(iso(NO_SCHEDULE));
  });

  it('checks a new end against the saved start', () => {
    expect(() => rescheduled(saved, { endsAt: '2026-03-02T08:00:00Z' }, NOW, true)).toThrow(
      aDomainError('invalid', ScheduleMessages.endNotAfterStart),
    );
    expect(() => rescheduled(saved, { startsAt: '2026-03-02T17:00:00Z' }, NOW, true)).toThrow(
      aDomainError('invalid', ScheduleMessages.endNotAfterStart),
    );
  });

  it('refuses a free creator’s new bound before checking it, and lets them clear or resend the saved ones', () => {
    expect(() => rescheduled(NO_SCHEDULE, { startsAt: '2026-03-05T09:00:00Z' }, NOW, false)).toThrow(
      aDomainError('forbidden', ScheduleMessages.premiumOnly),
    );
    expect(() => rescheduled(NO_SCHEDULE, { endsAt: '2099-03-05T09:00:00Z' }, NOW, false)).toThrow(
      aDomainError('forbidden', ScheduleMessages.premiumOnly),
    );
    expect(iso(rescheduled(saved, { startsAt: '2026-03-02T10:00:00+01:00', endsAt: null }, NOW, false))).toEqual({
      startsAt: START.toISOString(),
      endsAt: null,
    });
  });

  it('allows an end that is already past (the link shows as ended)', () => {
    expect(iso(rescheduled(NO_SCHEDULE, { endsAt: '2026-03-01T00:00:00Z' }, NOW, true)).endsAt).toBe(
      '2026-03-01T00:00:00.000Z',
    );
  });
});
