import { formatDateTime, formatRelative } from './format-time';

describe('formatRelative', () => {
  const now = new Date('2026-07-05T12:00:00.000Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

  it.each([
    [0, 'just now'],
    [59, 'just now'],
    [-120, 'just now'],
    [60, '1 minute ago'],
    [5 * 60 + 30, '5 minutes ago'],
    [60 * 60, '1 hour ago'],
    [3 * 60 * 60, '3 hours ago'],
    [24 * 60 * 60, 'yesterday'],
    [3 * 24 * 60 * 60, '3 days ago'],
    [14 * 24 * 60 * 60, '2 weeks ago'],
    [60 * 24 * 60 * 60, '2 months ago'],
    [400 * 24 * 60 * 60, 'last year'],
  ])('%i seconds ago reads "%s"', (seconds, expected) => {
    expect(formatRelative(ago(seconds), now)).toBe(expected);
  });

  it('says so when the instant cannot be read', () => {
    expect(formatRelative('not a date', now)).toBe('at an unknown time');
  });
});

describe('formatDateTime', () => {
  it('names the month and the time', () => {
    expect(formatDateTime('2026-07-05T12:00:00.000Z')).toMatch(/^Jul \d, 2026, \d{1,2}:00\s[AP]M$/);
  });
});
