import { EntityManager } from '@mikro-orm/postgresql';
import ICAL from 'ical.js';
import { EmailOutboxRelay } from '../src/shared/email/email-outbox.relay.js';
import { queueEmail } from '../src/shared/email/outgoing-email.js';
import { unique } from './support/harness.js';
import { appWithMailbox, type Mail } from './support/smtp.js';

/*
 * An e-mail with a calendar invite through the outbox and a real SMTP server: queued in a transaction, sent
 * by the relay through nodemailer, received as text plus a text/calendar part with its METHOD that a
 * calendar parser reads back.
 */
describe('e-mail with a calendar invite', () => {
  let setup: Awaited<ReturnType<typeof appWithMailbox>>;

  beforeAll(async () => {
    setup = await appWithMailbox('email_invites', 'https://linkbio.example');
  });

  afterAll(() => setup?.close());

  /** The text/calendar part of a received mail (quoted-printable or 7bit, as nodemailer chose), decoded. */
  function calendarPart(mail: Mail): { contentType: string; ics: string } {
    const match = /Content-Type: (text\/calendar[^\r\n]*)\r\n(?:Content-Transfer-Encoding: ([^\r\n]+)\r\n)?\r\n([\s\S]*?)\r\n--/.exec(mail.raw);
    if (!match) throw new Error(`No text/calendar part in:\n${mail.raw}`);
    const [, contentType, encoding, body] = match;
    const ics =
      encoding === 'base64'
        ? Buffer.from(body!.replace(/\s+/g, ''), 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? body!.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
          : body!;
    return { contentType: contentType!, ics };
  }

  it('arrives with its text and the invite as text/calendar; method=REQUEST, readable by a calendar parser', async () => {
    const to = `${unique('ada')}@example.com`;
    const em = setup.app.get(EntityManager).fork();
    await em.transactional((tx) =>
      queueEmail(
        tx,
        {
          dedupeKey: `invite-test:${to}`,
          to,
          subject: 'Your session is booked',
          text: 'See you then.',
          calendar: {
            method: 'REQUEST',
            uid: `booking-${to}`,
            sequence: 0,
            start: new Date('2026-12-01T15:00:00Z'),
            end: new Date('2026-12-01T15:30:00Z'),
            stamp: new Date('2026-11-20T09:00:00Z'),
            summary: 'Session with Creator',
            description: 'Booked on Linkbio.',
            url: 'https://linkbio.example/booking/abc',
            organizer: { name: 'Creator', email: 'creator@example.com' },
            attendee: { name: 'Ada', email: to },
          },
        },
        new Date(),
      ),
    );
    await setup.app.get(EmailOutboxRelay).deliverPending();

    const mail = setup.smtp.mails.find((m) => m.to.includes(to));
    expect(mail).toBeDefined();
    expect(mail!.raw).toContain('See you then.');
    const { contentType, ics } = calendarPart(mail!);
    expect(contentType).toMatch(/^text\/calendar; charset=utf-8; method=REQUEST/);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!);
    expect(event.uid).toBe(`booking-${to}`);
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-01T15:00:00.000Z');
  });

  it('sends mails without an invite as before: plain text only', async () => {
    const to = `${unique('bob')}@example.com`;
    const em = setup.app.get(EntityManager).fork();
    await em.transactional((tx) => queueEmail(tx, { dedupeKey: `plain-test:${to}`, to, subject: 'Hello', text: 'Plain.' }, new Date()));
    await setup.app.get(EmailOutboxRelay).deliverPending();

    const mail = setup.smtp.mails.find((m) => m.to.includes(to))!;
    expect(mail.raw).toContain('Content-Type: text/plain');
    expect(mail.raw).not.toContain('text/calendar');
  });
});
