import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import {
  CreateLinkRequest,
  nextScheduleChangeAt,
  parseIsoInstant,
  ScheduleMessages,
  schedulePhaseAt,
  UpdateLinkRequest,
} from './links.dto.js';

const iso = (value: string) => parseIsoInstant(value)?.toISOString() ?? null;

describe('parseIsoInstant', () => {
  it.each([
    ['2026-03-02T09:00:00Z', '2026-03-02T09:00:00.000Z'],
    ['2026-03-02T09:00Z', '2026-03-02T09:00:00.000Z'],
    ['2026-03-02T09:00:00.5Z', '2026-03-02T09:00:00.500Z'],
    ['2026-03-02T09:00:00.123456789Z', '2026-03-02T09:00:00.123Z'],
    ['2026-03-02t09:00:00z', '2026-03-02T09:00:00.000Z'],
    ['2026-03-02T09:00:00+01:00', '2026-03-02T08:00:00.000Z'],
    ['2026-03-02T09:00+05:30', '2026-03-02T03:30:00.000Z'],
    ['2026-03-01T22:00:00-11:00', '2026-03-02T09:00:00.000Z'],
    ['2026-03-02T00:30:00+01:00', '2026-03-01T23:30:00.000Z'],
    ['2028-02-29T12:00:00Z', '2028-02-29T12:00:00.000Z'],
    ['2026-12-31T23:59:59.999Z', '2026-12-31T23:59:59.999Z'],
  ])('reads %p as the instant %p', (input, instant) => {
    expect(iso(input)).toBe(instant);
  });

  it.each([
    ['a local time without zone', '2026-03-02T09:00:00'],
    ['a local time without seconds or zone', '2026-03-02T09:00'],
    ['a date alone', '2026-03-02'],
    ['a space instead of T', '2026-03-02 09:00:00Z'],
    ['February 30th', '2026-02-30T09:00:00Z'],
    ['February 29th of a common year', '2026-02-29T09:00:00Z'],
    ['month 13', '2026-13-02T09:00:00Z'],
    ['day 0', '2026-03-00T09:00:00Z'],
    ['hour 24', '2026-03-02T24:00:00Z'],
    ['minute 60', '2026-03-02T09:60:00Z'],
    ['second 60', '2026-03-02T09:00:60Z'],
    ['an offset beyond 23:59', '2026-03-02T09:00:00+24:00'],
    ['an offset without colon', '2026-03-02T09:00:00+0100'],
    ['words', 'tomorrow at nine'],
    ['an empty string', ''],
    ['surrounding spaces', ' 2026-03-02T09:00:00Z '],
    ['a two-digit year', '26-03-02T09:00:00Z'],
    ['milliseconds since the epoch', '1772442000000'],
  ])('refuses %s', (_case, input) => {
    expect(parseIsoInstant(input)).toBeNull();
  });
});

describe('schedulePhaseAt', () => {
  const start = new Date('2026-03-02T09:00:00.000Z');
  const end = new Date('2026-03-02T17:00:00.000Z');
  const at = (value: string) => new Date(value);

  it.each([
    ['before the start', '2026-03-02T08:59:59.999Z', 'upcoming'],
    ['exactly at the start', '2026-03-02T09:00:00.000Z', 'live'],
    ['inside the window', '2026-03-02T12:00:00.000Z', 'live'],
    ['a millisecond before the end', '2026-03-02T16:59:59.999Z', 'live'],
    ['exactly at the end', '2026-03-02T17:00:00.000Z', 'ended'],
    ['after the end', '2026-03-03T00:00:00.000Z', 'ended'],
  ])('is %s: %p → %p', (_case, now, phase) => {
    expect(schedulePhaseAt({ startsAt: start, endsAt: end }, at(now))).toBe(phase);
  });

  it('has open bounds where a bound is missing', () => {
    expect(schedulePhaseAt({ startsAt: null, endsAt: null }, start)).toBe('live');
    expect(schedulePhaseAt({ startsAt: start, endsAt: null }, at('2099-01-01T00:00:00Z'))).toBe('live');
    expect(schedulePhaseAt({ startsAt: null, endsAt: end }, at('2000-01-01T00:00:00Z'))).toBe('live');
    expect(schedulePhaseAt({ startsAt: null, endsAt: end }, end)).toBe('ended');
  });
});

describe('nextScheduleChangeAt', () => {
  const d = (value: string) => new Date(value);

  it('is the first start or end strictly after now', () => {
    const schedules = [
      { startsAt: d('2026-03-02T09:00:00Z'), endsAt: d('2026-03-02T17:00:00Z') },
      { startsAt: null, endsAt: d('2026-03-02T12:00:00Z') },
      { startsAt: d('2026-03-01T00:00:00Z'), endsAt: null },
    ];

    expect(nextScheduleChangeAt(schedules, d('2026-03-02T08:00:00Z'))).toEqual(d('2026-03-02T09:00:00Z'));
    expect(nextScheduleChangeAt(schedules, d('2026-03-02T09:00:00Z'))).toEqual(d('2026-03-02T12:00:00Z'));
    expect(nextScheduleChangeAt(schedules, d('2026-03-02T12:00:00Z'))).toEqual(d('2026-03-02T17:00:00Z'));
    expect(nextScheduleChangeAt(schedules, d('2026-03-02T17:00:00Z'))).toBeNull();
  });

  it('is null without schedules', () => {
    expect(nextScheduleChangeAt([], d('2026-03-02T08:00:00Z'))).toBeNull();
    expect(nextScheduleChangeAt([{ startsAt: null, endsAt: null }], d('2026-03-02T08:00:00Z'))).toBeNull();
  });
});

describe('the schedule fields of the link requests', () => {
  const messages = (dto: new () => object, body: object) =>
    validateSync(plainToInstance(dto, body), {
      stopAtFirstError: true,
      whitelist: true,
      forbidNonWhitelisted: true,
    }).flatMap((error) => Object.values(error.constraints ?? {}));
  const link = { title: 'Shop', url: 'https://shop.example.com' };

  it.each([CreateLinkRequest, UpdateLinkRequest])('%p accepts instants, null and absent bounds', (dto) => {
    expect(messages(dto, { ...link, startsAt: '2026-03-02T09:00:00+01:00', endsAt: '2026-03-02T17:00:00Z' })).toEqual(
      [],
    );
    expect(messages(dto, { ...link, startsAt: null, endsAt: null })).toEqual([]);
    expect(messages(dto, { ...link, endsAt: '2026-03-02T17:00:00Z' })).toEqual([]);
    expect(messages(dto, link)).toEqual([]);
  });

  it.each([
    [{ startsAt: '2026-03-02T09:00' }, ScheduleMessages.invalidStart],
    [{ startsAt: 1772442000000 }, ScheduleMessages.invalidStart],
    [{ startsAt: '' }, ScheduleMessages.invalidStart],
    [{ endsAt: '2026-02-30T09:00:00Z' }, ScheduleMessages.invalidEnd],
    [{ endsAt: true }, ScheduleMessages.invalidEnd],
    [{ startsAt: '2026-03-02T09:00:00Z', endsAt: '2026-03-02T09:00:00Z' }, ScheduleMessages.endNotAfterStart],
    [{ startsAt: '2026-03-02T08:30:00Z', endsAt: '2026-03-02T09:00:00+01:00' }, ScheduleMessages.endNotAfterStart],
  ])('refuses %p with %p', (schedule, message) => {
    expect(messages(CreateLinkRequest, { ...link, ...schedule })).toEqual([message]);
    expect(messages(UpdateLinkRequest, schedule)).toEqual([message]);
  });

  it('compares instants, not the text: 10:00+01:00 is after 08:30Z', () => {
    expect(
      messages(UpdateLinkRequest, { startsAt: '2026-03-02T08:30:00Z', endsAt: '2026-03-02T10:00:00+01:00' }),
    ).toEqual([]);
  });
});

describe('CreateLinkRequest kinds', () => {
  const errors = (body: object) =>
    validateSync(plainToInstance(CreateLinkRequest, body)).flatMap((error) => Object.values(error.constraints ?? {}));

  it.each([
    ['a link (kind left out)', { title: 'Shop', url: 'https://example.com' }],
    ['a link', { kind: 'link', title: 'Shop', url: 'https://example.com' }],
    ['a header, title only', { kind: 'header', title: 'My music' }],
    ['an embed without a title', { kind: 'embed', url: 'https://youtu.be/dQw4w9WgXcQ' }],
    ['an embed with a blank title', { kind: 'embed', title: '  ', url: 'https://youtu.be/dQw4w9WgXcQ' }],
    ['an embed with a title', { kind: 'embed', title: 'My video', url: 'https://youtu.be/dQw4w9WgXcQ' }],
  ])('accepts %s', (_case, body) => {
    expect(errors(body)).toEqual([]);
  });

  it.each([
    ['an unknown kind', { kind: 'widget', title: 'x', url: 'https://example.com' }, 'Kind must be link, header or embed.'],
    ['a header without a title', { kind: 'header' }, 'Title is required'],
    ['a link without a URL', { kind: 'link', title: 'x' }, 'Please enter a valid URL'],
    ['an embed without a URL', { kind: 'embed' }, 'Please enter a valid URL'],
    ['an embed with a javascript: URL', { kind: 'embed', url: 'javascript:alert(1)' }, 'Please enter a valid URL'],
  ])('refuses %s', (_case, body, message) => {
    expect(errors(body)).toContain(message);
  });
});
