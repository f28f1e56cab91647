import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { trimString } from './validators.js';

/**
 * The creator's own calendar over CalDAV (Fastmail, iCloud, Nextcloud, Radicale… with an app password): the
 * times it says they are busy are not offered to visitors, and each paid session may be written into it.
 * Google Calendar and Outlook need their own sign-in (OAuth) and are not covered.
 */
export const CALENDAR_LIMITS = { url: 2000, username: 200, password: 200 } as const;
/** How far ahead busy times are read, in days. */
export const CALENDAR_HORIZON_DAYS = 60;
/** How often at most the calendar is read, in minutes. */
export const CALENDAR_READ_EVERY_MINUTES = 5;
/** Connection attempts a creator may make in an hour (each makes the server fetch an address they typed). */
export const CALENDAR_CONNECTS_PER_HOUR = 30;

export const CalendarMessages = {
  url: 'Enter the calendar’s address, starting with https://',
  urlTooLong: `The calendar’s address must be at most ${CALENDAR_LIMITS.url} characters`,
  username: 'Enter the user name you sign in to your calendar with',
  usernameTooLong: `The user name must be at most ${CALENDAR_LIMITS.username} characters`,
  password: 'Enter an app password for your calendar',
  passwordTooLong: `The app password must be at most ${CALENDAR_LIMITS.password} characters`,
  writeSessions: 'Add my sessions must be true or false',
  // Said when connecting (400): the address was read once and did not answer as a calendar.
  notHttps: 'The calendar’s address must start with https://',
  privateAddress: 'This address is on a private network: use your calendar provider’s public address',
  unreachable: 'Your calendar could not be reached at this address. Check the address and try again.',
  refused: 'Your calendar refused the user name or app password. Check them, or make a new app password.',
  notCalendar: 'This address is not a CalDAV calendar. Use the address of one calendar (your provider shows it in its settings).',
  tooManyRedirects: 'Your calendar sent us on to other addresses too many times.',
  // Kept as the connection's last error when a later read fails (the busy times last read stay in use).
  unreadable: 'Your calendar answered with something we could not read.',
  passwordUnreadable: 'Connect your calendar again: its app password can no longer be read here.',
  tooManyConnects: (minutes: number) => `Too many attempts to connect a calendar. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  notConnected: 'No calendar is connected',
  disconnected: 'Calendar disconnected',
} as const;

/** PUT /api/users/calendar-connection: connects (or replaces) the creator's calendar, read once to check it. */
export class CalendarConnectionRequest {
  @MaxLength(CALENDAR_LIMITS.url, { message: CalendarMessages.urlTooLong })
  @Matches(/^https?:\/\/\S+$/i, { message: CalendarMessages.url })
  @IsNotEmpty({ message: CalendarMessages.url })
  @IsString({ message: CalendarMessages.url })
  @Transform(trimString)
  url!: string;

  @MaxLength(CALENDAR_LIMITS.username, { message: CalendarMessages.usernameTooLong })
  @IsNotEmpty({ message: CalendarMessages.username })
  @IsString({ message: CalendarMessages.username })
  @Transform(trimString)
  username!: string;

  /**
   * Not trimmed: an app password is taken as typed. Left out, the one kept for this address and user name is
   * used again (to switch writing sessions on or off without typing it again); required otherwise.
   */
  @MaxLength(CALENDAR_LIMITS.password, { message: CalendarMessages.passwordTooLong })
  @IsNotEmpty({ message: CalendarMessages.password })
  @IsString({ message: CalendarMessages.password })
  @IsOptional()
  password?: string;

  @IsBoolean({ message: CalendarMessages.writeSessions })
  @IsOptional()
  writeSessions?: boolean;
}

/** GET /api/users/calendar-connection: the connected calendar (never its password), or null. */
export interface CalendarConnectionView {
  url: string;
  username: string;
  writeSessions: boolean;
  /** When the calendar was last read successfully (ISO), null before the first read. */
  lastReadAt: string | null;
  /** Why the last read or write failed, null when it went well; the busy times last read stay in use. */
  lastError: string | null;
}
