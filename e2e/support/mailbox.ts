import { readdir, readFile, stat } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..');

/**
 * Where the product under test writes its e-mails. Without SMTP_URL the backend's FileEmailSender writes each
 * one as an .eml file into MAIL_DIR (default DATA_DIR/mail, DATA_DIR default .data, relative to the project).
 * E2E_MAIL_DIR names the folder outright (`npm test` sets it to its product's DATA_DIR/mail).
 */
async function mailFolders(): Promise<string[]> {
  const dataDir = process.env.DATA_DIR ?? '.data';
  const folders = [
    process.env.E2E_MAIL_DIR,
    process.env.MAIL_DIR,
    join(isAbsolute(dataDir) ? dataDir : join(ROOT, dataDir), 'mail'),
  ].filter((folder): folder is string => Boolean(folder));
  return [...new Set(folders)];
}

interface Email {
  to: string;
  subject: string;
  text: string;
  sentAt: number;
}

/** Reads an .eml file as the FileEmailSender writes it: headers, an empty line, then the plain text. */
function parse(eml: string, sentAt: number): Email {
  const [head = '', ...body] = eml.split(/\r?\n\r?\n/);
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1]?.trim() ?? '';
  return { to: header('To'), subject: header('Subject'), text: body.join('\n\n').replace(/\r\n/g, '\n'), sentAt };
}

async function emailsTo(address: string): Promise<Email[]> {
  const found: Email[] = [];
  for (const folder of await mailFolders()) {
    const names = await readdir(folder).catch(() => [] as string[]);
    for (const name of names.filter((file) => file.endsWith('.eml'))) {
      const path = join(folder, name);
      const [eml, info] = await Promise.all([readFile(path, 'utf8'), stat(path)]).catch(() => [null, null] as const);
      if (eml === null || info === null) continue;
      const email = parse(eml, info.mtimeMs);
      if (email.to.toLowerCase() === address.toLowerCase()) found.push(email);
    }
  }
  return found.sort((a, b) => a.sentAt - b.sentAt);
}

/**
 * The newest e-mail to `address` whose text matches `pattern`, sent after `since` (epoch ms), waiting for it
 * up to `timeoutMs`: the product sends after answering. Returns the first match of the pattern.
 */
export async function waitForEmailMatch(
  address: string,
  pattern: RegExp,
  { since = 0, timeoutMs = 20_000 }: { since?: number; timeoutMs?: number } = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const emails = (await emailsTo(address)).filter((email) => email.sentAt >= since - 1000);
    for (const email of emails.reverse()) {
      const match = pattern.exec(email.text);
      if (match) return match[0];
    }
    if (Date.now() > deadline) {
      throw new Error(
        `No e-mail to ${address} matching ${pattern} within ${timeoutMs} ms. Looked in: ${(await mailFolders()).join(', ')}. ` +
          'Set E2E_MAIL_DIR to the product’s MAIL_DIR (the product must run without SMTP_URL).',
      );
    }
    await new Promise((done) => setTimeout(done, 250));
  }
}
