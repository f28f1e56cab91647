import { Transform } from 'class-transformer';
import {
  registerDecorator,
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  Min,
  ValidateIf,
  type ValidationArguments,
  type ValidationOptions,
} from 'class-validator';
import { LINK_TITLE_MAX_LENGTH } from './constants.js';
import { BlockMessages, LINK_BLOCK_KINDS, type LinkBlockKind } from './link-blocks.js';
import { Messages } from './messages.js';
import { IsHttpUrl, MaxChars, trimString } from './validators.js';

const MAX_ORDER = 1_000_000;

const sent = (_: object, value: unknown) => value !== undefined;
/** A schedule bound that is sent and not null (null clears it, absent keeps it). */
const setting = (_: object, value: unknown) => value !== undefined && value !== null;

/* ---------------------------------------------------------------------------------------------------------
 * Link scheduling (Premium): a link may carry a start and an end instant and is shown only from its start
 * (inclusive) until its end (exclusive) while its creator is premium.
 * ------------------------------------------------------------------------------------------------------- */

export const ScheduleMessages = {
  invalidStart: 'The start must be a date and time with its time zone, like 2026-03-02T09:00:00+01:00.',
  invalidEnd: 'The end must be a date and time with its time zone, like 2026-03-02T17:00:00Z.',
  endNotAfterStart: 'The end must be after the start.',
  outOfRange: 'Schedule dates must be within ten years from now.',
  premiumOnly: 'Scheduling links is part of Premium. Upgrade to schedule when a link appears.',
} as const;

/** How far from now (either way) a start or end may be set. */
export const SCHEDULE_RANGE_YEARS = 10;

const ISO_INSTANT =
  /^(?<y>\d{4})-(?<mo>\d{2})-(?<d>\d{2})[Tt](?<h>\d{2}):(?<mi>\d{2})(?::(?<s>\d{2})(?:\.(?<frac>\d{1,9}))?)?(?:[Zz]|(?<sign>[+-])(?<oh>\d{2}):(?<om>\d{2}))$/;

/**
 * An ISO 8601 instant: a calendar date, a time, and `Z` or an offset (`2026-03-02T09:00:00+01:00`); seconds
 * and fractions optional, fractions below a millisecond dropped. Null for anything else: a local time
 * without zone, a date alone, an impossible date (February 30th, 24:00) or an offset beyond ±23:59.
 */
export function parseIsoInstant(value: string): Date | null {
  const parts = ISO_INSTANT.exec(value)?.groups;
  if (!parts) return null;
  const n = (name: string) => Number(parts[name] ?? 0);
  const [year, month, day, hour, minute, second] = [n('y'), n('mo'), n('d'), n('h'), n('mi'), n('s')];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth) return null;
  if (hour > 23 || minute > 59 || second > 59 || n('oh') > 23 || n('om') > 59) return null;
  const offsetMinutes = (parts.sign === '-' ? -1 : 1) * (n('oh') * 60 + n('om'));
  const milliseconds = Number((parts.frac ?? '').slice(0, 3).padEnd(3, '0'));
  // setUTCFullYear, not Date.UTC, which reads the years 0 to 99 as 1900 to 1999.
  const instant = new Date(0);
  instant.setUTCFullYear(year, month - 1, day);
  instant.setUTCHours(hour, minute - offsetMinutes, second, milliseconds);
  return instant;
}

/** Where a schedule stands at `now`: not started yet, live (from the start, inclusive, to the end, exclusive), or ended. */
export type SchedulePhase = 'upcoming' | 'live' | 'ended';

export interface ScheduleBounds {
  startsAt: Date | null;
  endsAt: Date | null;
}

export function schedulePhaseAt({ startsAt, endsAt }: ScheduleBounds, now: Date): SchedulePhase {
  if (startsAt !== null && now.getTime() < startsAt.getTime()) return 'upcoming';
  if (endsAt !== null && now.getTime() >= endsAt.getTime()) return 'ended';
  return 'live';
}

/** The first start or end strictly after `now` among the schedules: when what they show next changes. */
export function nextScheduleChangeAt(schedules: Iterable<ScheduleBounds>, now: Date): Date | null {
  let next: number | null = null;
  for (const { startsAt, endsAt } of schedules) {
    for (const bound of [startsAt, endsAt]) {
      const time = bound?.getTime();
      if (time !== undefined && time > now.getTime() && (next === null || time < next)) next = time;
    }
  }
  return next === null ? null : new Date(next);
}

/** A string parseIsoInstant accepts. */
function IsIsoInstant(options: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isIsoInstant',
      target: target.constructor,
      propertyName: propertyName as string,
      options,
      validator: { validate: (value: unknown) => typeof value === 'string' && parseIsoInstant(value) !== null },
    });
}

/** Later than the instant in `startsAt`, when both are valid instants (each is checked on its own). */
function IsAfterStart(options: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isAfterStart',
      target: target.constructor,
      propertyName: propertyName as string,
      options,
      validator: {
        validate: (value: unknown, args: ValidationArguments) => {
          const start = (args.object as { startsAt?: unknown }).startsAt;
          if (typeof value !== 'string' || typeof start !== 'string') return true;
          const [from, to] = [parseIsoInstant(start), parseIsoInstant(value)];
          return from === null || to === null || to.getTime() > from.getTime();
        },
      },
    });
}

/** An embed's title may be left out (or blank): the service's name is used. */
const titleChecked = (request: { kind?: unknown }, value: unknown) =>
  request.kind !== 'embed' || (value !== undefined && value !== null && value !== '');
/** A header has no URL (one sent with it is refused by the server with BlockMessages.headerHasNoUrl). */
const urlChecked = (request: { kind?: unknown }) => request.kind !== 'header';

export class CreateLinkRequest {
  /** link (the default), header (a section title, no URL) or embed (a YouTube, Vimeo, Spotify or SoundCloud URL). */
  @IsIn(LINK_BLOCK_KINDS, { message: BlockMessages.invalidKind })
  @ValidateIf(sent)
  kind?: LinkBlockKind;

  @Transform(trimString)
  @MaxChars(LINK_TITLE_MAX_LENGTH, { message: Messages.titleTooLong })
  @IsNotEmpty({ message: Messages.titleRequired })
  @IsString({ message: Messages.titleRequired })
  @ValidateIf(titleChecked)
  title?: string;

  @Transform(trimString)
  @IsHttpUrl({ message: Messages.invalidUrl })
  @ValidateIf(urlChecked)
  url?: string;

  @Max(MAX_ORDER, { message: Messages.orderInteger })
  @Min(0, { message: Messages.orderInteger })
  @IsInt({ message: Messages.orderInteger })
  @IsOptional()
  order?: number;

  /** Premium: shown from this instant on (ISO 8601 with Z or an offset); null or absent: no start. */
  @IsIsoInstant({ message: ScheduleMessages.invalidStart })
  @ValidateIf(setting)
  startsAt?: string | null;

  /** Premium: shown until this instant (exclusive); null or absent: no end. */
  @IsAfterStart({ message: ScheduleMessages.endNotAfterStart })
  @IsIsoInstant({ message: ScheduleMessages.invalidEnd })
  @ValidateIf(setting)
  endsAt?: string | null;
}

/** Every field may be left out, but one that is sent must be valid: null is not "no change". */
export class UpdateLinkRequest {
  @Transform(trimString)
  @MaxChars(LINK_TITLE_MAX_LENGTH, { message: Messages.titleTooLong })
  @IsNotEmpty({ message: Messages.titleRequired })
  @IsString({ message: Messages.titleRequired })
  @ValidateIf(sent)
  title?: string;

  @Transform(trimString)
  @IsHttpUrl({ message: Messages.invalidUrl })
  @ValidateIf(sent)
  url?: string;

  @IsBoolean({ message: Messages.isActiveBoolean })
  @ValidateIf(sent)
  isActive?: boolean;

  @Max(MAX_ORDER, { message: Messages.orderInteger })
  @Min(0, { message: Messages.orderInteger })
  @IsInt({ message: Messages.orderInteger })
  @ValidateIf(sent)
  order?: number;

  /** Sets (an instant), clears (null) or keeps (absent) the start. Clearing is allowed on any plan. */
  @IsIsoInstant({ message: ScheduleMessages.invalidStart })
  @ValidateIf(setting)
  startsAt?: string | null;

  /** Sets, clears or keeps the end; checked against a start sent with it here, and against the stored one by the server. */
  @IsAfterStart({ message: ScheduleMessages.endNotAfterStart })
  @IsIsoInstant({ message: ScheduleMessages.invalidEnd })
  @ValidateIf(setting)
  endsAt?: string | null;
}

export class ReorderLinksRequest {
  @IsUUID('all', { each: true, message: Messages.orderIds })
  @ArrayMaxSize(10_000, { message: Messages.orderIds })
  @IsArray({ message: Messages.orderIds })
  ids!: string[];
}
