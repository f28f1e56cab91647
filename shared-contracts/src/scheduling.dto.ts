import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  Min,
  registerDecorator,
  type ValidationArguments,
} from 'class-validator';
import { parseIsoInstant } from './links.dto.js';
import { isTimeZone, SCHEDULING_LIMITS, SchedulingMessages } from './scheduling.messages.js';
import { canonicalLocale, LocaleMessages } from './time-locale.js';

/*
 * Paid sessions at set times: the requests and views (the limits, messages and time zone checks, which the
 * visitors' booking page uses too, are in scheduling.messages.ts, free of class-validator).
 */

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const TIME = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

/** A real calendar date written YYYY-MM-DD (2027-02-30 is not one). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Minutes since midnight of 'HH:MM' (24:00 is 1440). */
export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export interface WeeklyRangeView {
  /** ISO weekday: Monday = 1 … Sunday = 7. */
  day: number;
  /** 'HH:MM' in the creator's time zone. */
  start: string;
  /** 'HH:MM', after start; '24:00' is the end of the day. */
  end: string;
}

/** The first two ranges of one day that overlap, or null. Ranges with bad values are left to their own checks. */
export function firstOverlap(ranges: readonly Partial<WeeklyRangeView>[]): [WeeklyRangeView, WeeklyRangeView] | null {
  const valid = ranges
    .filter((r): r is WeeklyRangeView => typeof r?.day === 'number' && TIME.test(String(r.start)) && TIME.test(String(r.end)))
    .filter((r) => minutesOf(r.end) > minutesOf(r.start))
    .sort((a, b) => a.day - b.day || minutesOf(a.start) - minutesOf(b.start));
  for (let i = 1; i < valid.length; i += 1) {
    const before = valid[i - 1]!;
    const range = valid[i]!;
    if (before.day === range.day && minutesOf(range.start) < minutesOf(before.end)) return [before, range];
  }
  return null;
}

function Validates(name: string, validate: (value: unknown, args: ValidationArguments) => boolean, message: string | ((args: ValidationArguments) => string)): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({ name, target: target.constructor, propertyName: propertyName as string, options: { message }, validator: { validate } });
}

/** A whole number from `min` to `max`, one message for every way of missing it. */
function IntBetween(limits: { min: number; max: number }, message: string): PropertyDecorator {
  return (target, propertyName) => {
    IsInt({ message })(target, propertyName);
    Min(limits.min, { message })(target, propertyName);
    Max(limits.max, { message })(target, propertyName);
  };
}

/** An ISO 8601 instant as parseIsoInstant reads it (the rule name the API description knows as date-time). */
export const IsInstant = (message: string): PropertyDecorator =>
  Validates('isIsoInstant', (value) => typeof value === 'string' && parseIsoInstant(value) !== null, message);

/** A time zone the runtime knows (IANA), for a visitor's zone sent along with a booking. */
export const IsTimeZone = (): PropertyDecorator => Validates('isTimeZone', isTimeZone, SchedulingMessages.timeZone);

/** A well-formed language tag (Intl.getCanonicalLocales takes it). */
export const IsLocale = (): PropertyDecorator =>
  Validates('isLocale', (value) => canonicalLocale(value) !== null, LocaleMessages.locale);

const RANGE_KEYS = new Set(['day', 'start', 'end']);

/** What is wrong with a list of weekly ranges (the first problem's message), or null. */
export function weeklyProblem(value: unknown): string | null {
  if (!Array.isArray(value) || value.length > SCHEDULING_LIMITS.weeklyRanges) return SchedulingMessages.weekly;
  for (const range of value as unknown[]) {
    if (typeof range !== 'object' || range === null || Array.isArray(range)) return SchedulingMessages.weekly;
    if (Object.keys(range).some((key) => !RANGE_KEYS.has(key))) return SchedulingMessages.weekly;
    const { day, start, end } = range as Record<string, unknown>;
    if (typeof day !== 'number' || !Number.isInteger(day) || day < 1 || day > 7) return SchedulingMessages.day;
    if (typeof start !== 'string' || !TIME.test(start) || typeof end !== 'string' || !TIME.test(end)) return SchedulingMessages.time;
    if (minutesOf(end) <= minutesOf(start)) return SchedulingMessages.endAfterStart;
  }
  const pair = firstOverlap(value as WeeklyRangeView[]);
  return pair ? SchedulingMessages.overlap(pair[0].day, `${pair[0].start}–${pair[0].end}`, `${pair[1].start}–${pair[1].end}`) : null;
}

/** PUT /api/users/availability: the whole availability, replaced at once. */
export class AvailabilityRequest {
  @Validates('isTimeZone', isTimeZone, SchedulingMessages.timeZone)
  timeZone!: string;

  @IntBetween(SCHEDULING_LIMITS.sessionMinutes, SchedulingMessages.sessionMinutes)
  sessionMinutes!: number;

  @IntBetween(SCHEDULING_LIMITS.bufferMinutes, SchedulingMessages.bufferMinutes)
  bufferMinutes!: number;

  @IntBetween(SCHEDULING_LIMITS.minNoticeHours, SchedulingMessages.minNoticeHours)
  minNoticeHours!: number;

  @IntBetween(SCHEDULING_LIMITS.horizonDays, SchedulingMessages.horizonDays)
  horizonDays!: number;

  @Validates('weeklyRanges', (value) => weeklyProblem(value) === null, (args) => weeklyProblem(args.value) ?? SchedulingMessages.weekly)
  weekly!: WeeklyRangeView[];

  @Validates('areDates', (value) => Array.isArray(value) && value.every(isCalendarDate), SchedulingMessages.datesOff)
  @ArrayMaxSize(SCHEDULING_LIMITS.datesOff, { message: SchedulingMessages.datesOff })
  @IsArray({ message: SchedulingMessages.datesOff })
  datesOff!: string[];

  @IntBetween(SCHEDULING_LIMITS.cancellationHours, SchedulingMessages.cancellationHours)
  cancellationHours!: number;
}

/** GET /api/users/availability. Before a creator saves one: UTC, 60-minute sessions, no weekly hours. */
export interface AvailabilityView {
  timeZone: string;
  sessionMinutes: number;
  bufferMinutes: number;
  minNoticeHours: number;
  horizonDays: number;
  weekly: WeeklyRangeView[];
  /** Sorted, without repeats. */
  datesOff: string[];
  cancellationHours: number;
}

/**
 * GET /api/users/{username}/slots?from=YYYY-MM-DD&days=1..31&type={id} (from: a date in the creator's time zone;
 * type: one of the creator's session types, whose length the sessions have; absent, their first).
 */
export class SlotsQuery {
  @Validates('isCalendarDate', isCalendarDate, SchedulingMessages.from)
  @IsOptional()
  from?: string;

  @Matches(/^([1-9]|[12]\d|3[01])$/, { message: SchedulingMessages.days })
  @IsString({ message: SchedulingMessages.days })
  @IsOptional()
  days?: string;

  @IsUUID('all', { message: SchedulingMessages.type })
  @IsOptional()
  type?: string;
}

export interface SlotView {
  /** ISO 8601 instants in UTC. */
  start: string;
  end: string;
}

export interface SlotsView {
  timeZone: string;
  sessionMinutes: number;
  /** False when the creator books without set times (no weekly hours): then slots is empty and no slotStart is sent. */
  scheduled: boolean;
  slots: SlotView[];
}

/**
 * The visitors' booking page's first step when the creator takes sessions at set times (`/book/{username}?from=
 * &tz=`): one week of open sessions, as the backend hands it to public-app's server entry and the page hydrates.
 */
export interface BookingTimesView {
  /** The creator's time zone (IANA). */
  creatorZone: string;
  /** The zone the times are shown in: the visitor's `?tz=` when it names one, else the creator's. */
  shownZone: string;
  /** Whether the visitor named the zone (`?tz=`); if not, the page switches to the browser's own zone. */
  zoneChosen: boolean;
  sessionMinutes: number;
  /** Open sessions, UTC instants, in order. */
  slots: SlotView[];
  /** The week's first date, today, and the horizon's last date, in the creator's time zone (YYYY-MM-DD). */
  from: string;
  today: string;
  lastDate: string;
  /** The locale the page first writes times in (the request's Accept-Language); the browser's own once its script runs. */
  locale?: string;
}
