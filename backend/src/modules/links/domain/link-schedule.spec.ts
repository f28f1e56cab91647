import { ScheduleMessages } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { isLinkVisibleAt, nextScheduleChange, rescheduled } from './link-schedule.js';

const START = new Date('2026-03-02T09:00:00.000Z');
const END = new Date('2026-03-02T17:00:00.000Z');
const NO_SCHEDULE = { startsAt: null, endsAt: null };
const link = (data: Partial<{ isActive: boolean; startsAt: Date | null; endsAt: Date | null }> = {}) => ({
  isActive: true,
  startsAt: START,
  endsAt: END,
  ...data,
});

describe('isLinkVisibleAt', () => {
  const clock = new FixedClock();

  it.each([
    ['before the start', '2026-03-02T08:59:59.999Z', false],
    ['exactly at the start', '2026-03-02T09:00:00.000Z', true],
    ['during the window', '2026-03-02T12:00:00.000Z', true],
    ['a millisecond before the end', '2026-03-02T16:59:59.999Z', true],
    ['exactly at the end', '2026-03-02T17:00:00.000Z', false],
    ['after the end', '2026-03-03T09:00:00.000Z', false],
  ])('shows a premium creator’s scheduled link %s: %p → %p', (_case, now, shown) => {
    clock.set(now);

    expect(isLinkVisibleAt(link(), clock.now(), true)).toBe(shown);
  });

  it('has no lower bound without a start and no upper bound without an end', () => {
    clock.set('2020-01-01T00:00:00.000Z');
    expect(isLinkVisibleAt(link({ startsAt: null }), clock.now(), true)).toBe(true);
    clock.set('2035-01-01T00:00:00.000Z');
    expect(isLinkVisibleAt(link({ endsAt: null }), clock.now(), true)).toBe(true);
    expect(isLinkVisibleAt(link(NO_SCHEDULE), clock.now(), true)).toBe(true);
  });

  it.each(['2026-03-02T08:00:00.000Z', '2026-03-02T12:00:00.000Z', '2026-03-02T17:00:00.000Z'])(
    'shows the link at %p as if unscheduled when scheduling does not apply (premium ended)',
    (now) => {
      expect(isLinkVisibleAt(link(), new Date(now), false)).toBe(true);
    },
  );

  it('never shows an inactive link, whatever its schedule or plan', () => {
    const inside = new Date('2026-03-02T12:00:00.000Z');

    expect(isLinkVisibleAt(link({ isActive: false }), inside, true)).toBe(false);
    expect(isLinkVisibleAt(link({ isActive: false }), inside, false)).toBe(false);
    expect(isLinkVisibleAt(link({ isActive: false, ...NO_SCHEDULE }), inside, true)).toBe(false);
  });
});

describe('nextScheduleChange (what a cache of the public page must not outlive)', () => {
  const links = [
    link(),
    link({ startsAt: null, endsAt: new Date('2026-03-02T12:00:00.000Z') }),
    link({ isActive: false, startsAt: new Date('2026-03-02T10:00:00.000Z'), endsAt: null }),
    link(NO_SCHEDULE),
  ];
  const at = (now: string) => nextScheduleChange(links, new Date(now))?.toISOString() ?? null;

  it('is the next start or end of an active link, strictly after now', () => {
    expect(at('2026-03-02T08:00:00.000Z')).toBe('2026-03-02T09:00:00.000Z');
    expect(at('2026-03-02T08:59:59.999Z')).toBe('2026-03-02T09:00:00.000Z');
    // At 09:00 the page already shows the change of 09:00: the next one is at noon.
    expect(at('2026-03-02T09:00:00.000Z')).toBe('2026-03-02T12:00:00.000Z');
    expect(at('2026-03-02T12:00:00.000Z')).toBe('2026-03-02T17:00:00.000Z');
  });

  it('ignores inactive links, which the page never shows', () => {
    expect(at('2026-03-02T09:30:00.000Z')).toBe('2026-03-02T12:00:00.000Z');
  });

  it('is null once nothing is due, and without scheduled links', () => {
    expect(at('2026-03-02T17:00:00.000Z')).toBeNull();
    expect(nextScheduleChange([link(NO_SCHEDULE)], START)).toBeNull();
    expect(nextScheduleChange([], START)).toBeNull();
  });
});

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
