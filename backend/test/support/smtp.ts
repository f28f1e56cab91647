import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message the test SMTP server received: its envelope recipients and the raw message. */
export interface Mail {
  to: string[];
  raw: string;
}

export interface TestSmtp {
  port: number;
  /** Every message received so far, in order. */
  mails: Mail[];
  close(): Promise<void>;
}

/** A real SMTP server (smtp-server) on a free local port, without TLS or sign-in, keeping what it receives. */
export async function startSmtp(): Promise<TestSmtp> {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A mail's text as a reader sees it: quoted-printable soft line breaks and escapes undone. */
export const textOf = (mail: Mail): string =>
  mail.raw
    .replace(/=\r\n/g, '')
    .replace(/((?:=[0-9A-F]{2})+)/g, (run) =>
      Buffer.from(
        run
          .split('=')
          .slice(1)
          .map((hex) => parseInt(hex, 16)),
      ).toString('utf8'),
    )
    .replace(/\r\n/g, '\n');
