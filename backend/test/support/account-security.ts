import { textOf, type Mail, type TestSmtp } from './smtp.js';

/** What a response looks like to these helpers (supertest's Response). */
export interface HttpResponse {
  status: number;
  text: string;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

const setCookieLines = (response: HttpResponse): string[] => {
  const header = response.headers['set-cookie'];
  return Array.isArray(header) ? header : header ? [header] : [];
};

/** The whole Set-Cookie line of the named cookie, if the response set it. */
export const setCookieLine = (response: HttpResponse, name: string): string | undefined =>
  setCookieLines(response).find((line) => line.startsWith(`${name}=`));

/** `name=value` of a cookie the response set, ready for a Cookie header. */
export function cookieOf(response: HttpResponse, name = 'linkbio.sid'): string {
  const line = setCookieLine(response, name);
  if (!line) throw new Error(`expected a ${name} cookie, got ${JSON.stringify(response.headers['set-cookie'])}`);
  return line.split(';')[0]!;
}

/** The session store's id inside a signed `linkbio.sid=s:<sid>.<signature>` cookie. */
export function sidOf(cookie: string): string {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
  return value.slice(2, value.lastIndexOf('.'));
}

/** The attributes of a Set-Cookie line, names lowercased: { httponly: '', samesite: 'Lax', ... }. */
export function attributesOf(line: string): Record<string, string> {
  return Object.fromEntries(
    line
      .split(';')
      .slice(1)
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...rest] = part.split('=');
        return [name!.toLowerCase(), rest.join('=')];
      }),
  );
}

export { textOf };

/** The link to confirm the address that every sign-up mails (issue 14), or one to confirm a new address. */
export const isAddressConfirmation = (mail: Mail): boolean =>
  /^Subject: Confirm your (new )?Linkbio email address/im.test(mail.raw);

/**
 * The mails the SMTP server received for this address (those `which` keeps, all by default), waiting until
 * there are `count` of them.
 */
export async function mailsTo(
  smtp: TestSmtp,
  email: string,
  count = 1,
  timeoutMs = 10_000,
  which: (mail: Mail) => boolean = () => true,
): Promise<Mail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = smtp.mails.filter(
      (mail) => which(mail) && mail.to.some((to) => to.toLowerCase() === email.toLowerCase()),
    );
    if (mails.length >= count) return mails;
    if (Date.now() > deadline)
      throw new Error(`expected ${count} mail(s) to ${email} within ${timeoutMs} ms, got ${mails.length}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The reset link in a mail and its token. */
export function resetLinkIn(mail: Mail): { link: string; token: string } {
  const match = /(https?:\/\/\S+\/reset-password\?token=([A-Za-z0-9_-]+))/.exec(textOf(mail));
  if (!match) throw new Error(`no reset link in: ${textOf(mail)}`);
  return { link: match[1]!, token: match[2]! };
}

/** Median and 90th percentile of some durations, in milliseconds with one decimal. */
export function spread(durations: number[]): { median: number; p90: number; min: number; max: number } {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10;
  return { median: at(0.5), p90: at(0.9), min: at(0), max: at(1) };
}
