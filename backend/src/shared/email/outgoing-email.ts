import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../ids.js';
import { icsOf, type CalendarInvite } from './calendar-invite.js';

/** An e-mail to queue in the outbox (email_outbox); one per dedupe key, ever. */
export interface OutgoingEmail {
  /** Unique in the outbox: a second e-mail with the same key is never queued. */
  dedupeKey: string;
  to: string;
  subject: string;
  text: string;
  /** An appointment to add to (or, method CANCEL, remove from) the recipient's calendar. */
  calendar?: CalendarInvite;
  /** Extra header fields (List-Unsubscribe, List-Unsubscribe-Post): names and values on one line each. */
  headers?: Readonly<Record<string, string>>;
}

/**
 * Queues `email` in email_outbox through `em`, so it joins the transaction `em` is in and is sent only once
 * that commits (EmailOutboxRelay). A dedupe key already there queues nothing.
 */
export async function queueEmail(em: EntityManager, email: OutgoingEmail, now: Date): Promise<void> {
  await em.execute(
    `insert into email_outbox (id, dedupe_key, recipient, subject, body, calendar_method, calendar, headers, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (dedupe_key) do nothing`,
    [
      newId(),
      email.dedupeKey,
      email.to,
      email.subject,
      email.text,
      email.calendar?.method ?? null,
      email.calendar ? icsOf(email.calendar) : null,
      email.headers ? JSON.stringify(email.headers) : null,
      now,
    ],
  );
}
