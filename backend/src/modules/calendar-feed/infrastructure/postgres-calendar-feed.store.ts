import type pg from 'pg';
import { SecretSealer } from '../../../shared/crypto/secret-sealer.js';
import type { Id } from '../../../shared/ids.js';
import { CalendarFeedStore, type FeedToken } from '../application/ports/calendar-feed.store.js';

/** The sealer's purpose: its key is derived for this use alone. */
export const CALENDAR_FEED_SEAL_PURPOSE = 'calendar feed';

const OWNER_SQL = `
  select f.user_id from calendar_feeds f join users u on u.id = f.user_id
   where f.token_hash = $1 and u.deleted_at is null`;

/**
 * Feed addresses in PostgreSQL (calendar_feeds): the token's SHA-256 to find the feed, and the token sealed
 * with SecretSealer so the dashboard can show the address again. While SESSION_SECRET is rotated, a copy
 * sealed with an older key is sealed anew with the newest when the dashboard reads it. A copy no listed key opens
 * any more leaves the feed working (it is found by the hash), but its address is replaced when next asked for.
 */
export class PostgresCalendarFeedStore extends CalendarFeedStore {
  private readonly sealer: SecretSealer;

  constructor(
    private readonly pool: pg.Pool,
    productSecrets: string | readonly string[],
  ) {
    super();
    this.sealer = new SecretSealer(productSecrets, CALENDAR_FEED_SEAL_PURPOSE);
  }

  async tokenOf(creatorId: Id): Promise<string | null> {
    const { rows } = await this.pool.query<{ sealed_token: string }>(
      'select sealed_token from calendar_feeds where user_id = $1',
      [creatorId],
    );
    const sealed = rows[0]?.sealed_token;
    if (sealed === undefined) return null;
    const token = this.sealer.open(sealed);
    if (token !== null && this.sealer.isStale(sealed)) await this.reseal(creatorId, sealed, token);
    return token;
  }

  async add(creatorId: Id, { token, tokenHash }: FeedToken, now: Date): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `insert into calendar_feeds (user_id, token_hash, sealed_token, created_at) values ($1, $2, $3, $4)
       on conflict (user_id) do nothing`,
      [creatorId, tokenHash, this.sealer.seal(token), now],
    );
    return rowCount === 1;
  }

  async put(creatorId: Id, { token, tokenHash }: FeedToken, now: Date): Promise<void> {
    await this.pool.query(
      `insert into calendar_feeds (user_id, token_hash, sealed_token, created_at) values ($1, $2, $3, $4)
       on conflict (user_id) do update
         set token_hash = excluded.token_hash, sealed_token = excluded.sealed_token, created_at = excluded.created_at`,
      [creatorId, tokenHash, this.sealer.seal(token), now],
    );
  }

  async ownerOf(tokenHash: string): Promise<Id | null> {
    const { rows } = await this.pool.query<{ user_id: Id }>({
      name: 'calendar-feed-owner',
      text: OWNER_SQL,
      values: [tokenHash],
    });
    return rows[0]?.user_id ?? null;
  }

  /** Seals the token anew, unless the address was replaced meanwhile. */
  private async reseal(creatorId: Id, stored: string, token: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      'update calendar_feeds set sealed_token = $2 where user_id = $1 and sealed_token = $3',
      [creatorId, this.sealer.seal(token), stored],
    );
    return rowCount === 1;
  }
}
