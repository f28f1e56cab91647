export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  /** An .ics invite (RFC 5545) sent along as text/calendar with its METHOD. */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string };
}

/** Sends one e-mail; rejects when the message could not be handed over. */
export abstract class EmailSender {
  abstract send(message: EmailMessage): Promise<void>;
}
