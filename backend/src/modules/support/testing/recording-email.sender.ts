import { EmailSender, type EmailMessage } from '../../../shared/email/email-sender.js';

/** Keeps what it was asked to send; while `failing`, rejects as a mail server that is down. */
export class RecordingEmailSender extends EmailSender {
  readonly sent: EmailMessage[] = [];
  failing = false;

  send(message: EmailMessage): Promise<void> {
    if (this.failing) return Promise.reject(new Error('SMTP server unavailable'));
    this.sent.push({ ...message });
    return Promise.resolve();
  }
}
