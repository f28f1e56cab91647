import { IsBoolean } from 'class-validator';

/**
 * Reminders of a session booked at a set time: e-mails to the visitor and to the creator 24 hours and 1 hour
 * before it starts. The creator switches each of the four on or off (`GET/PUT /api/users/reminders`); all are
 * on until they do.
 */
export const REMINDER_KINDS = ['visitor24h', 'visitor1h', 'creator24h', 'creator1h'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** The creator's four switches, as `GET /api/users/reminders` answers and `PUT` takes them. */
export type ReminderSettingsView = Record<ReminderKind, boolean>;

export const DEFAULT_REMINDER_SETTINGS: ReminderSettingsView = { visitor24h: true, visitor1h: true, creator24h: true, creator1h: true };

export const ReminderMessages = {
  switchBoolean: (kind: ReminderKind) => `${kind} must be true or false.`,
  title: 'Reminders',
  description: 'E-mails sent before each session booked at a set time. Switch off the ones you do not want.',
  labels: {
    visitor24h: 'Remind the visitor 24 hours before',
    visitor1h: 'Remind the visitor 1 hour before',
    creator24h: 'Remind me 24 hours before',
    creator1h: 'Remind me 1 hour before',
  } satisfies Record<ReminderKind, string>,
  loading: 'Loading your reminders…',
  loadFailed: 'Your reminders could not be loaded.',
  saved: 'Reminders saved.',
  saveFailed: 'Your reminders could not be saved. Please try again.',
  retry: 'Try again',
} as const;

/** `PUT /api/users/reminders`: all four switches, each true or false; anything else is a 400 and nothing is saved. */
export class UpdateReminderSettingsRequest implements ReminderSettingsView {
  @IsBoolean({ message: ReminderMessages.switchBoolean('visitor24h') })
  visitor24h!: boolean;

  @IsBoolean({ message: ReminderMessages.switchBoolean('visitor1h') })
  visitor1h!: boolean;

  @IsBoolean({ message: ReminderMessages.switchBoolean('creator24h') })
  creator24h!: boolean;

  @IsBoolean({ message: ReminderMessages.switchBoolean('creator1h') })
  creator1h!: boolean;
}
