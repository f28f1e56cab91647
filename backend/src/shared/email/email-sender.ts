export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends one e-mail; rejects when the message could not be handed over. */
export abstract class EmailSender {
  abstract send(message: EmailMessage): Promise<void>;
}
