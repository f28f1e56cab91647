export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  /** An .ics invite (RFC 5545) sent along as text/calendar with its METHOD. */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string };
  /** Extra header fields, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Readonly<Record<string, string>>;
}

/** A header field name as RFC 5322 allows it (printable ASCII, no colon); other names are never written. */
export const isHeaderName = (name: string): boolean => /^[!-9;-~]+$/.test(name);

/** Sends one e-mail; rejects when the message could not be handed over. */
export abstract class EmailSender {
  abstract send(message: EmailMessage): Promise<void>;
}
