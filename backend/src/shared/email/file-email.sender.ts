import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EmailSender, isHeaderName, type EmailMessage } from './email-sender.js';

const header = (value: string) => value.replace(/[\r\n]+/g, ' ');
const crlf = (value: string) => value.replace(/\r?\n/g, '\r\n');

/**
 * Writes each e-mail as an .eml file (RFC 5322 text) into a folder: the one-machine default, no SMTP needed.
 * An invite goes along as a text/calendar part (multipart/mixed), which mail programs open as such.
 */
export class FileEmailSender extends EmailSender {
  constructor(
    private readonly directory: string,
    private readonly from: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    super();
  }

  async send(message: EmailMessage): Promise<void> {
    await mkdir(this.directory, { recursive: true });
    const date = this.now();
    const id = randomUUID();
    const text = ['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit', '', crlf(message.text)];
    const boundary = `linkbio-${id}`;
    const body = message.calendar
      ? [
          `Content-Type: multipart/mixed; boundary="${boundary}"`,
          '',
          `--${boundary}`,
          ...text,
          `--${boundary}`,
          `Content-Type: text/calendar; charset=utf-8; method=${message.calendar.method}`,
          'Content-Transfer-Encoding: 8bit',
          'Content-Disposition: attachment; filename="invite.ics"',
          '',
          crlf(message.calendar.content).trimEnd(),
          `--${boundary}--`,
        ]
      : text;
    const eml = [
      `From: ${header(this.from)}`,
      `To: ${header(message.to)}`,
      `Subject: ${header(message.subject)}`,
      `Date: ${date.toUTCString()}`,
      `Message-ID: <${id}@linkbio.local>`,
      ...Object.entries(message.headers ?? {})
        .filter(([name]) => isHeaderName(name))
        .map(([name, value]) => `${name}: ${header(value)}`),
      'MIME-Version: 1.0',
      ...body,
      '',
    ].join('\r\n');
    const name = `${date.toISOString().replace(/[:.]/g, '-')}-${id}.eml`;
    await writeFile(join(this.directory, name), eml, { flag: 'wx' });
  }
}
