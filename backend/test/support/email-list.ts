import { randomUUID } from 'node:crypto';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { LogCapture } from '../../src/shared/testing/log-capture.js';
import { isAddressConfirmation } from './account-security.js';
import { agent, signedInCreator, startWorker, type Agent, type Database } from './harness.js';
import { appWithMailbox, textOf, type Mail, type TestSmtp } from './smtp.js';

/** Where the e-mail list specs' links point (PUBLIC_URL), and the links their e-mails carry. */
export const ORIGIN = 'https://linkbio.example';
export const CONFIRM_LINK = /https:\/\/linkbio\.example(\/list\/confirm\/[A-Za-z0-9_-]{43})/;
export const UNSUBSCRIBE_LINK = /https:\/\/linkbio\.example(\/unsubscribe\/[A-Za-z0-9_-]{43})/;

/**
 * An e-mail list spec file's API (a database and an SMTP server of its own, every log line captured) and,
 * when asked, a worker; with the helpers the specs share. Call inside the file's describe.
 */
export function emailListSuite(databaseSuffix: string, options: { worker?: boolean } = {}) {
  const capture = new LogCapture('debug');
  const ctx = {
    capture,
    app: undefined as unknown as INestApplication,
    db: undefined as unknown as Database,
    smtp: undefined as unknown as TestSmtp,
    worker: null as INestApplicationContext | null,
  };
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const started = await appWithMailbox(databaseSuffix, ORIGIN, { logger: capture.logger });
    close = started.close;
    Object.assign(ctx, { app: started.app, db: started.db, smtp: started.smtp });
    if (options.worker) ctx.worker = await startWorker();
  });

  afterAll(async () => {
    await ctx.worker?.close();
    await close?.();
  });

  /** A creator with the page's block on. */
  async function creatorWithList(premium = false) {
    const creator = await signedInCreator(ctx.app);
    await creator.client.put('/api/subscribers/settings').send({ enabled: true, title: 'My letters' }).expect(200);
    if (premium) await ctx.db.makePremium(creator.user.id);
    return creator;
  }

  /** `count` confirmed subscribers written straight to the table (a list grown over time). */
  async function confirmedSubscribers(creatorId: string, count: number, prefix: string): Promise<string[]> {
    const emails = Array.from({ length: count }, (_, i) => `${prefix}-${i}@example.com`);
    await ctx.db.query(
      `insert into subscribers (id, creator_id, email, status, source, created_at, updated_at, confirmed_at)
       select gen_random_uuid(), $1, e, 'confirmed', 'page', now() - interval '1 day', now() - interval '1 day', now() - interval '1 day'
         from unnest($2::text[]) e`,
      [creatorId, emails],
    );
    return emails;
  }

  return Object.assign(ctx, {
    creatorWithList,
    confirmedSubscribers,
    mailsTo: (email: string) => ctx.smtp.mails.filter((m) => m.to.includes(email) && !isAddressConfirmation(m)),
    subscribe: (username: string, email: string, client: Agent = agent(ctx.app)) =>
      client.post(`/api/users/${username}/subscribe`).send({ email }),
    statusOf: async (creatorId: string, email: string) =>
      (await ctx.db.query<{ status: string }>('select status from subscribers where creator_id = $1 and email = $2', [creatorId, email])).rows[0]
        ?.status,
    /** The tokens of every confirm and unsubscribe link mailed so far. */
    tokensMailed: () =>
      ctx.smtp.mails
        .flatMap((m) => [CONFIRM_LINK.exec(textOf(m))?.[1], UNSUBSCRIBE_LINK.exec(textOf(m))?.[1]])
        .filter((path): path is string => Boolean(path))
        .map((path) => path.split('/').pop()!),
    newId: randomUUID,
  });
}

/** The path of the first link matching `pattern` (its one group) in a mail's text. */
export const linkIn = (mail: Mail, pattern: RegExp) => pattern.exec(textOf(mail))![1]!;

/** Waits until `read` answers something truthy, and answers it. */
export async function until<T>(what: string, read: () => Promise<T | null | undefined> | T | null | undefined, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** RFC 4180 CSV back into rows (quoted fields, doubled quotes, CRLF). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    }
    else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += c;
  }
  return rows;
}

