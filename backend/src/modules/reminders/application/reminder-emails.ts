import { describeLocation, type ReminderKind } from '@linkbio/shared-contracts';
import type { OutgoingEmail } from '../../../shared/email/outgoing-email.js';
import { sessionTime, sessionTimeForVisitor } from '../../billing/domain/session-time.js';
import { REMINDERS } from '../domain/reminder-rule.js';
import type { UpcomingSession } from './ports/reminder.store.js';

/** When the session is, as a reminder's subject and first line say it. */
type Soon = 'tomorrow' | 'in 1 hour';

/**
 * The reminders' words. Never a token: the visitor's link to move or cancel is kept only as its hash, so they
 * are pointed to their booking confirmation, which carries it.
 */
export const ReminderTexts = {
  visitorSubject: (creator: string, soon: Soon) => `Reminder: your session with ${creator} is ${soon}`,
  creatorSubject: (visitor: string, soon: Soon) => `Reminder: session with ${visitor} is ${soon}`,
  greeting: (name: string) => `Hi ${name},`,
  visitorLead: (creator: string, soon: Soon) => `Your session with ${creator} is ${soon}.`,
  creatorLead: (visitor: string, soon: Soon) => `Your session with ${visitor} is ${soon}.`,
  session: (name: string) => `Session: ${name}`,
  when: (time: string) => `When: ${time}`,
  where: (place: string) => `Where: ${place}`,
  withCreator: (name: string, username: string) => `With: ${name} (@${username})`,
  withVisitor: (name: string, email: string) => `With: ${name} (${email})`,
  phone: (phone: string) => `Phone: ${phone}`,
  manage: 'Use the link in your booking confirmation to move or cancel it.',
  reference: (id: string) => `Booking reference: ${id}`,
  /** A booking made before session types has no name of its own. */
  defaultSessionName: 'Session',
} as const;

/** One per booking, kind and start in the outbox: a moved session's reminders are new e-mails. */
export const reminderDedupeKey = (bookingId: string, kind: ReminderKind, slotStart: Date) =>
  `reminder:${bookingId}:${kind}:${slotStart.toISOString()}`;

/**
 * A reminder's e-mail: to the visitor, the time in their zone (the creator's when they sent none) and the
 * creator's; to the creator, in the creator's zone (their availability's). Where to meet only when the booking
 * has a place.
 */
export function reminderEmail(kind: ReminderKind, session: UpcomingSession): OutgoingEmail {
  const { visitor, creator } = session;
  const soon: Soon = REMINDERS[kind].leadMs > 3_600_000 ? 'tomorrow' : 'in 1 hour';
  const details = (time: string) => [
    ReminderTexts.session(session.sessionName ?? ReminderTexts.defaultSessionName),
    ReminderTexts.when(time),
    ...(session.location ? [ReminderTexts.where(describeLocation(session.location))] : []),
  ];
  const dedupeKey = reminderDedupeKey(session.bookingId, kind, session.slotStart);
  if (REMINDERS[kind].to === 'visitor') {
    const time = sessionTimeForVisitor(
      session.slotStart,
      session.slotEnd,
      { timeZone: visitor.timeZone ?? creator.timeZone, locale: visitor.locale },
      { name: creator.displayName, timeZone: creator.timeZone },
    );
    return {
      dedupeKey,
      to: visitor.email,
      subject: ReminderTexts.visitorSubject(creator.displayName, soon),
      text: [
        ReminderTexts.greeting(visitor.name),
        '',
        ReminderTexts.visitorLead(creator.displayName, soon),
        '',
        ...details(time),
        ReminderTexts.withCreator(creator.displayName, creator.username),
        '',
        ReminderTexts.manage,
        '',
        ReminderTexts.reference(session.bookingId),
      ].join('\n'),
    };
  }
  const time = sessionTime(session.slotStart, session.slotEnd, { timeZone: creator.timeZone, locale: null });
  return {
    dedupeKey,
    to: creator.email,
    subject: ReminderTexts.creatorSubject(visitor.name, soon),
    text: [
      ReminderTexts.greeting(creator.displayName),
      '',
      ReminderTexts.creatorLead(visitor.name, soon),
      '',
      ...details(time),
      ReminderTexts.withVisitor(visitor.name, visitor.email),
      // A phone session already says the number under Where.
      ...(visitor.phone && session.location?.kind !== 'phone' ? [ReminderTexts.phone(visitor.phone)] : []),
      '',
      ReminderTexts.reference(session.bookingId),
    ].join('\n'),
  };
}
