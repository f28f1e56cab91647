import type { INestApplication } from '@nestjs/common';
import type { SlotsView } from '@linkbio/shared-contracts';
import { agent, signedInCreator, unique, uniqueIp, type Database } from './harness.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The date `days` from today (UTC), as the slots endpoint takes it. */
export const dateIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
const everyDay = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '00:00', end: '24:00' }));
/** The local provider's card form, paid with Stripe's test card that succeeds. */
export const card = (clientSecret: string) => ({ clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Sam' });

/**
 * Creators taking $40.00 sessions (all day, every day, in UTC when `scheduled`) and visitors booking them with
 * the local test provider, for the specs about what happens to paid bookings.
 */
export function paidBookings(app: INestApplication, db: Database) {
  async function creator(scheduled: boolean, availability: { cancellationHours?: number } = {}) {
    const signedIn = await signedInCreator(app);
    await signedIn.client.put('/api/users/booking-settings').send({ enableBooking: true, bookingPrice: '40' }).expect(200);
    if (scheduled) {
      await signedIn.client
        .put('/api/users/availability')
        .send({ timeZone: 'UTC', sessionMinutes: 60, bufferMinutes: 0, minNoticeHours: 0, horizonDays: 30, weekly: everyDay, datesOff: [], cancellationHours: 24, ...availability })
        .expect(200);
    }
    return signedIn;
  }

  /** A booking made (and paid unless told not to) by a visitor of their own address; its id and client secret. */
  async function booking(username: string, options: { slotStart?: string; pay?: boolean; email?: string; timeZone?: string; locale?: string } = {}) {
    const email = options.email ?? `${unique('v')}@example.com`;
    const booked = await agent(app, uniqueIp())
      .post(`/api/users/${username}/book`)
      .send({
        customerName: 'Sam Visitor',
        customerEmail: email,
        ...(options.slotStart ? { slotStart: options.slotStart } : {}),
        ...(options.timeZone ? { timeZone: options.timeZone } : {}),
        ...(options.locale ? { locale: options.locale } : {}),
      })
      .expect(201);
    const clientSecret = (booked.body as { clientSecret: string }).clientSecret;
    if (options.pay !== false) await agent(app).post('/api/payments/local/confirm').send(card(clientSecret)).expect(200);
    const intentId = clientSecret.split('_secret_')[0]!;
    const row = await db.query<{ id: string }>('select id from bookings where payment_intent_id = $1', [intentId]);
    return { id: row.rows[0]!.id, clientSecret, intentId, email };
  }

  /** The open session starts of the creator on the date `days` from today. */
  const slotsOn = async (username: string, days: number) =>
    ((await agent(app).get(`/api/users/${username}/slots?from=${dateIn(days)}&days=1`).expect(200)).body as SlotsView).slots.map((slot) => slot.start);

  const ledgerOf = async (bookingId: string) =>
    (await db.query<{ kind: string; amount: number }>('select kind, amount from ledger_entries where booking_id = $1 order by kind', [bookingId])).rows;
  const refundsOf = async (bookingId: string) =>
    (await db.query<{ status: string; reason: string }>('select status, reason from refunds where booking_id = $1', [bookingId])).rows;

  return { creator, booking, slotsOn, ledgerOf, refundsOf };
}
