import { randomUUID } from 'node:crypto';
import { PAID_BOOKING_STATUSES } from '@linkbio/shared-contracts';
import pg from 'pg';
import { PostgresCalendarFeedStore } from '../src/modules/calendar-feed/infrastructure/postgres-calendar-feed.store.js';
import { PostgresFeedSessions } from '../src/modules/calendar-feed/infrastructure/postgres-feed-sessions.js';
import { describeCalendarFeedContract } from '../src/modules/calendar-feed/testing/calendar-feed.contract.js';
import { testDatabaseUrl } from './support/harness.js';

/** The calendar feed contract against PostgreSQL: calendar_feeds, and the bookings table as the feed reads it. */
const SECRET = 'calendar-feed-contract-session-secret-0123456789';
let pool: pg.Pool;

beforeAll(() => {
  pool = new pg.Pool({ connectionString: testDatabaseUrl(), max: 2 });
});

afterAll(async () => {
  await pool?.end();
});

describeCalendarFeedContract('PostgreSQL', async () => ({
  store: new PostgresCalendarFeedStore(pool, [SECRET]),
  sessions: new PostgresFeedSessions(pool),
  async newCreator() {
    const id = randomUUID();
    const name = `f${id.slice(0, 12)}`;
    await pool.query(
      `insert into users (id, email, password_hash, username, display_name, created_at, updated_at)
       values ($1, $2, 'x', $3, $3, now(), now())`,
      [id, `${name}@example.com`, name],
    );
    return id;
  },
  async deleteAccount(creatorId) {
    await pool.query('update users set deleted_at = now() where id = $1', [creatorId]);
  },
  async addBooking(creatorId, session) {
    await pool.query(
      `insert into bookings (id, creator_id, customer_name, customer_email, customer_phone, message, user_amount,
                             platform_fee, amount, status, created_at, paid_at, slot_start, slot_end, invite_sequence,
                             session_name, location, answers)
       values ($1, $2, $3, $4, $5, $6, 3200, 800, 4000, $7, now(), $8, $9, $10, $11, $12, $13, $14)`,
      [
        session.bookingId,
        creatorId,
        session.visitorName,
        session.visitorEmail,
        session.visitorPhone,
        session.message,
        session.status,
        PAID_BOOKING_STATUSES.includes(session.status) ? new Date() : null,
        session.start,
        session.end,
        session.inviteSequence,
        session.sessionName,
        session.location === null ? null : JSON.stringify(session.location),
        JSON.stringify(session.answers),
      ],
    );
  },
}));
