import nodemailer, { type Transporter } from 'nodemailer';
import { EmailSender, isHeaderName, type EmailMessage } from './email-sender.js';

/** Sends through an SMTP server (SMTP_URL, e.g. smtp://user:pass@mail.example:587). */
export class SmtpEmailSender extends EmailSender {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    super();
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: EmailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.headers
        ? { headers: Object.fromEntries(Object.entries(message.headers).filter(([name]) => isHeaderName(name)).map(([name, value]) => [name, value.replace(/[\r\n]+/g, ' ')])) }
        : {}),
      // nodemailer's calendar invite: a text/calendar alternative with its METHOD, and the .ics attached.
      ...(message.calendar ? { icalEvent: { method: message.calendar.method, content: message.calendar.content, filename: 'invite.ics' } } : {}),
    });
  }

  close(): void {
    this.transport.close();
  }
}
