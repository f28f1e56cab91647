import { DEFAULT_REMINDER_SETTINGS } from '@linkbio/shared-contracts';
import { EmailOutbox } from '../../../shared/email/email-outbox.js';
import type { OutgoingEmail } from '../../../shared/email/outgoing-email.js';
import { PrometheusMetrics } from '../../../shared/metrics/prometheus.metrics.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { ImmediateTransactions } from '../../../shared/testing/immediate.transactions.js';
import { InMemoryReminderStore } from '../testing/in-memory-reminder.store.js';
import type { UpcomingSession } from './ports/reminder.store.js';
import { ReminderMetrics } from './reminder-metrics.js';
import { SendRemindersUseCase } from './send-reminders.use-case.js';

const HOUR = 3_600_000;
const START = new Date('2027-03-10T15:00:00.000Z');
const at = (msBeforeStart: number, start = START) => new Date(start.getTime() - msBeforeStart);

/** The outbox as a list: one e-mail per dedupe key, as email_outbox keeps them. */
class RecordingOutbox extends EmailOutbox {
  readonly queued: OutgoingEmail[] = [];
  deliveries = 0;
  async enqueue(email: OutgoingEmail): Promise<void> {
    if (!this.queued.some((queued) => queued.dedupeKey === email.dedupeKey)) this.queued.push(email);
  }
  async deliverPending(): Promise<void> {
    this.deliveries += 1;
  }
}

function session(over: Partial<UpcomingSession> = {}): UpcomingSession {
  return {
    bookingId: 'b0000000-0000-4000-8000-000000000001',
    status: 'paid',
    slotStart: START,
    slotEnd: new Date(START.getTime() + HOUR),
    paidAt: at(5 * 24 * HOUR),
    rescheduledAt: null,
    sessionName: 'Portfolio review',
    location: { kind: 'in_person', address: '1 Main St, Springfield' },
    visitor: { name: 'Sam Visitor', email: 'sam@example.com', phone: null, timeZone: 'America/New_York', locale: 'en-US' },
    creator: { id: 'c1', displayName: 'Alex Maker', username: 'alex', email: 'alex@example.com', timeZone: 'Europe/London' },
    settings: { ...DEFAULT_REMINDER_SETTINGS },
    queued: [],
    ...over,
  };
}

function setup() {
  const clock = new FixedClock(at(48 * HOUR));
  const store = new InMemoryReminderStore();
  const outbox = new RecordingOutbox();
  const metrics = new PrometheusMetrics();
  const sweep = new SendRemindersUseCase(store, outbox, new ImmediateTransactions(), clock, new ReminderMetrics(metrics));
  const add = (over: Partial<UpcomingSession> = {}) => {
    const added = session(over);
    store.sessions.set(added.bookingId, added);
    return added;
  };
  const sent = async () =>
    (await metrics.registry.getSingleMetric('linkbio_session_reminders_sent_total')!.get()).values.map((v) => [v.labels['kind'], v.value]);
  return { clock, store, outbox, sweep, add, sent };
}

describe('the reminders sweep', () => {
  it('queues each of the four at its moment, once, and sends what it queued', async () => {
    const { clock, outbox, sweep, add, sent } = setup();
    add();
    clock.set(at(24 * HOUR + 1));
    expect(await sweep.execute()).toBe(0);
    expect(outbox.deliveries).toBe(0);
    clock.set(at(24 * HOUR));
    expect(await sweep.execute()).toBe(2);
    expect(await sweep.execute()).toBe(0);
    clock.set(at(HOUR + 1));
    expect(await sweep.execute()).toBe(0);
    clock.set(at(HOUR));
    expect(await sweep.execute()).toBe(2);
    clock.set(at(1));
    expect(await sweep.execute()).toBe(0);
    expect(outbox.queued.map((email) => [email.to, email.subject])).toEqual([
      ['sam@example.com', 'Reminder: your session with Alex Maker is tomorrow'],
      ['alex@example.com', 'Reminder: session with Sam Visitor is tomorrow'],
      ['sam@example.com', 'Reminder: your session with Alex Maker is in 1 hour'],
      ['alex@example.com', 'Reminder: session with Sam Visitor is in 1 hour'],
    ]);
    expect(outbox.deliveries).toBe(2);
    expect(await sent()).toEqual(expect.arrayContaining([['visitor24h', 1], ['creator24h', 1], ['visitor1h', 1], ['creator1h', 1]]));
  });

  it('tells the session, its time in each reader’s zone, where to meet and with whom — never a link', async () => {
    const { clock, outbox, sweep, add } = setup();
    add();
    clock.set(at(HOUR));
    await sweep.execute();
    const [visitor, creator] = outbox.queued;
    expect(visitor!.text).toBe(
      [
        'Hi Sam Visitor,',
        '',
        'Your session with Alex Maker is in 1 hour.',
        '',
        'Session: Portfolio review',
        'When: Wednesday, March 10, 2027, 10:00 – 11:00 AM your time (America/New_York) — 3:00 – 4:00 PM for Alex Maker (Europe/London)',
        'Where: In person: 1 Main St, Springfield',
        'With: Alex Maker (@alex)',
        '',
        'Use the link in your booking confirmation to move or cancel it.',
        '',
        'Booking reference: b0000000-0000-4000-8000-000000000001',
      ].join('\n'),
    );
    expect(creator!.text).toContain('When: Wednesday, March 10, 2027, 3:00 – 4:00 PM (Europe/London)');
    expect(creator!.text).toContain('With: Sam Visitor (sam@example.com)');
    expect(creator!.text).toContain('Where: In person: 1 Main St, Springfield');
    for (const email of outbox.queued) expect(email.text).not.toMatch(/https?:\/\/|\/booking\//);
    expect(visitor!.dedupeKey).toBe('reminder:b0000000-0000-4000-8000-000000000001:visitor1h:2027-03-10T15:00:00.000Z');
  });

  it('says "Session" for a booking without a type name and nothing of a place it does not have', async () => {
    const { clock, outbox, sweep, add } = setup();
    add({ sessionName: null, location: null, visitor: { ...session().visitor, phone: '+1 555 0100', timeZone: null } });
    clock.set(at(HOUR));
    await sweep.execute();
    const [visitor, creator] = outbox.queued;
    expect(visitor!.text).toContain('Session: Session');
    expect(visitor!.text).not.toContain('Where:');
    // No zone of their own: told in the creator's, once.
    expect(visitor!.text).toContain('When: Wednesday, March 10, 2027, 3:00 – 4:00 PM (Europe/London)');
    expect(creator!.text).toContain('Phone: +1 555 0100');
  });

  it('plans a moved session again: its new start gets its own reminders', async () => {
    const { clock, store, outbox, sweep, add } = setup();
    const booked = add();
    clock.set(at(24 * HOUR));
    expect(await sweep.execute()).toBe(2);
    const later = new Date(START.getTime() + 2 * 24 * HOUR);
    store.sessions.set(booked.bookingId, { ...booked, slotStart: later, slotEnd: new Date(later.getTime() + HOUR), rescheduledAt: clock.now() });
    clock.set(at(HOUR));
    // The old start's 1-hour moment: nothing, the session is not then any more.
    expect(await sweep.execute()).toBe(0);
    clock.set(at(24 * HOUR, later));
    expect(await sweep.execute()).toBe(2);
    expect(outbox.queued.map((email) => email.dedupeKey)).toEqual([
      `reminder:${booked.bookingId}:visitor24h:2027-03-10T15:00:00.000Z`,
      `reminder:${booked.bookingId}:creator24h:2027-03-10T15:00:00.000Z`,
      `reminder:${booked.bookingId}:visitor24h:2027-03-12T15:00:00.000Z`,
      `reminder:${booked.bookingId}:creator24h:2027-03-12T15:00:00.000Z`,
    ]);
  });

  it('sends none for a cancelled or refunded session', async () => {
    const { clock, outbox, sweep, add } = setup();
    add({ bookingId: 'b1', status: 'cancelled' });
    add({ bookingId: 'b2', status: 'refunded' });
    add({ bookingId: 'b3', status: 'refund_due' });
    clock.set(at(HOUR));
    expect(await sweep.execute()).toBe(0);
    expect(outbox.queued).toEqual([]);
  });

  it('reads the switches when it sends: one switched off is not sent, the others are', async () => {
    const { clock, outbox, sweep, add } = setup();
    add({ settings: { visitor24h: false, visitor1h: true, creator24h: true, creator1h: false } });
    clock.set(at(24 * HOUR));
    await sweep.execute();
    clock.set(at(HOUR));
    await sweep.execute();
    expect(outbox.queued.map((email) => email.subject)).toEqual([
      'Reminder: session with Sam Visitor is tomorrow',
      'Reminder: your session with Alex Maker is in 1 hour',
    ]);
  });

  it('goes through every session due, page after page', async () => {
    const { clock, sweep, add, store } = setup();
    for (let i = 0; i < 450; i += 1) add({ bookingId: `b${String(i).padStart(4, '0')}`, slotStart: new Date(START.getTime() + i * 1000) });
    clock.set(at(HOUR));
    expect(await sweep.execute()).toBe(900);
    expect(store.recorded.size).toBe(900);
    expect(await sweep.execute()).toBe(0);
  });
});
