import { randomUUID } from 'node:crypto';
import { bookingAmounts } from '@linkbio/shared-contracts';
import type { Database } from './harness.js';

/**
 * A booking paid at `at` and the creator's ledger entry for it (what billing writes), `cents` earned: when a
 * booking was paid is not for the real flow's caller to choose. Answers the entry's id.
 */
export async function arrangeEarning(db: Database, creatorId: string, cents: number, at: string): Promise<string> {
  const bookingId = randomUUID();
  const entryId = randomUUID();
  const { platformFee, amount } = bookingAmounts(cents);
  await db.query(
    `insert into bookings (id, creator_id, customer_name, customer_email, user_amount, platform_fee, amount, status, created_at, paid_at)
     values ($1, $2, 'Ada Lovelace', 'ada@example.com', $3, $4, $5, 'paid', $6, $6)`,
    [bookingId, creatorId, cents, platformFee, amount, at],
  );
  await db.query(
    'insert into ledger_entries (id, creator_id, booking_id, amount, created_at) values ($1, $2, $3, $4, $5)',
    [entryId, creatorId, bookingId, cents, at],
  );
  return entryId;
}
