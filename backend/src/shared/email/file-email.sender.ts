import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EmailSender, type EmailMessage } from './email-sender.js';

const header = (value: string) => value.replace(/[\r\n]+/g, ' ');

/** Writes each e-mail as an .eml file (RFC 5322 text) into a folder: the one-machine default, no SMTP needed. */
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
    const eml = [
      `From: ${header(this.from)}`,
      `To: ${header(message.to)}`,
      `Subject: ${header(message.subject)}`,
      `Date: ${date.toUTCString()}`,
      `Message-ID: <${id}@linkbio.local>`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: 8bit',
      '',
      message.text.replace(/\r?\n/g, '\r\n'),
      '',
    ].join('\r\n');
    const name = `${date.toISOString().replace(/[:.]/g, '-')}-${id}.eml`;
    await writeFile(join(this.directory, name), eml, { flag: 'wx' });
  }
}
