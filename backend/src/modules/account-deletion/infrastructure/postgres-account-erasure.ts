import type pg from 'pg';
import type { Id } from '../../../shared/ids.js';
import { AccountErasure, type ErasedAccount, type Erasure } from '../application/ports/account-erasure.js';

const UNPAID_SQL = 'select coalesce(sum(amount), 0)::bigint::text as cents from ledger_entries where creator_id = $1 and paid_out_at is null';

/** The row, locked: concurrent deletions of one account go one after the other, and the second finds it deleted. */
const LOCK_SQL = 'select username, avatar, background_image, seo_image from users where id = $1 and deleted_at is null for update';

/** The name's lock that sign-ups and renames take before they check holds and users (postgres-username-holds.ts). */
const LOCK_NAME_SQL = 'select pg_advisory_xact_lock(hashtext($1))';

/** The links' thumbnails, deleted from the object store once the links are gone. */
const THUMBNAILS_SQL = 'select thumbnail from links where owner_id = $1 and thumbnail is not null';

/** The name is held for nobody to claim; the account's row being deleted, the hold forwards nowhere. */
const HOLD_SQL = `
  insert into username_holds (username, user_id, held_until) values ($1, $2, $3)
  on conflict (username) do update set user_id = excluded.user_id, held_until = excluded.held_until, created_at = now()`;

const TOMBSTONE_SQL = `
  update users set username = $2, email = $3, display_name = $4, password_hash = '', bio = null, avatar = null,
         background_color = null, background_image = null, button_color = null, button_text_color = null,
         paypal_email = null, cashapp_handle = null, enable_booking = false, booking_price = null,
         is_premium = false, deleted_at = $5, updated_at = $5,
         socials = '[]', seo_title = null, seo_description = null, seo_image = null,
         tips_enabled = false, tip_presets = default, tip_message = null
   where id = $1`;

/**
 * What else of the account goes. Payouts not sent yet wait on hold with no destination (the tombstone never
 * gets one, so they are never sent: the earnings were given up); a payout's destination is erased unless it is
 * on its way (processing or awaiting an operator). Support requests keep their dates and status, not the text.
 */
/** The products go with the account (issue 27); their covers and files are deleted from the store afterwards. */
const PRODUCTS_SQL = 'delete from products where creator_id = $1 returning cover_key, file_key';

const ERASE_SQL = [
  'delete from links where owner_id = $1',
  'delete from password_reset_tokens where user_id = $1',
  // Links sent to confirm an address (Migration20270108000000_email_verification) carry the address.
  'delete from email_confirmations where user_id = $1',
  'delete from recovery_codes where user_id = $1',
  'delete from two_factor where user_id = $1',
  'delete from upload_grants where user_id = $1',
  `update payouts set status = 'on_hold', method = null, destination = null, updated_at = now()
    where creator_id = $1 and status = 'pending'`,
  `update payouts set destination = null where creator_id = $1 and status in ('on_hold', 'paid', 'failed') and destination is not null`,
  `update support_requests set subject = '[erased]', message = '[erased with the account]' where creator_id = $1`,
  // Coupons (Migration20270127000000_coupons) and, by cascade, their redemptions.
  'delete from coupons where creator_id = $1',
  // Session types: booked sessions keep the name, place and answers they were booked with (their type id is cleared).
  'delete from session_types where creator_id = $1',
  // The e-mail list (issue 27): subscribers (their unsubscribe links and broadcast rows go with them), broadcasts, the block.
  `delete from email_outbox where sent_at is null
    and dedupe_key like any (select 'broadcast-' || id || '-%' from broadcasts where creator_id = $1)`,
  'delete from broadcasts where creator_id = $1',
  'delete from subscribers where creator_id = $1',
  'update users set subscribe_enabled = false, subscribe_title = null where id = $1',
];

/**
 * The account's tables, in plain SQL over one connection and one transaction (as the data export reads them):
 * identity's row and name holds, links, two-factor, reset tokens, upload grants, payouts and support requests.
 * Bookings, product orders and tips (issue 27), ledger entries, payouts and subscriptions stay; their rows point
 * at the tombstone (the Support block is switched off).
 */
export class PostgresAccountErasure extends AccountErasure {
  constructor(private readonly pool: pg.Pool) {
    super();
  }

  async unpaidCents(userId: Id): Promise<number> {
    const { rows } = await this.pool.query<{ cents: string }>({ name: 'account-unpaid-cents', text: UNPAID_SQL, values: [userId] });
    return Number(rows[0]?.cents ?? 0);
  }

  async erase(userId: Id, { tombstone, heldUntil, now }: Erasure): Promise<ErasedAccount | null> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      const { rows } = await client.query<{ username: string; avatar: string | null; background_image: string | null; seo_image: string | null }>(LOCK_SQL, [userId]);
      const row = rows[0];
      if (!row) {
        await client.query('rollback');
        return null;
      }
      const name = row.username.toLowerCase();
      await client.query(LOCK_NAME_SQL, [name]);
      await client.query(TOMBSTONE_SQL, [userId, tombstone.username, tombstone.email, tombstone.displayName, now]);
      await client.query(HOLD_SQL, [name, userId, heldUntil]);
      const thumbnails = await client.query<{ thumbnail: string }>(THUMBNAILS_SQL, [userId]);
      const products = await client.query<{ cover_key: string | null; file_key: string | null }>(PRODUCTS_SQL, [userId]);
      for (const sql of ERASE_SQL) await client.query(sql, [userId]);
      await client.query('commit');
      return {
        avatar: row.avatar,
        backgroundImage: row.background_image,
        shareImage: row.seo_image,
        linkThumbnails: thumbnails.rows.map((link) => link.thumbnail),
        productObjects: products.rows.flatMap((product) => [product.cover_key, product.file_key]).filter((key): key is string => key !== null),
      };
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}
