import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { Database, ownDatabase, startApp } from './harness.js';
import type { Logger } from '../../src/shared/logging/logger.js';

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

/**
 * An API on a database of its own whose e-mail goes to an SMTP server of its own, links built from
 * `publicUrl`: a spec counting its own mails (another spec file's API sending the shared outbox would take
 * them to its own server). `close` stops all of it and drops the database.
 */
export async function appWithMailbox(databaseSuffix: string, publicUrl: string, options: { logger?: Logger } = {}) {
  const database = await ownDatabase(databaseSuffix);
  process.env.TEST_DATABASE_URL = database.url;
  const smtp = await startSmtp();
  process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
  process.env.PUBLIC_URL = publicUrl;
  const app = await startApp(options);
  const db = new Database();
  const close = async () => {
    await db.close();
    await app.close();
    await smtp.close();
    await database.drop();
  };
  return { app, db, smtp, close };
}
