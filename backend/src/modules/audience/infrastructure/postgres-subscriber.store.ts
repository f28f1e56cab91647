import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { SubscriberSource, SubscriberStatus } from '@linkbio/shared-contracts';
import type { Id } from '../../../shared/ids.js';
import { SubscriberStore, type SubscriberPage } from '../application/ports/subscriber.store.js';
import type { ListOwner, Subscriber } from '../domain/subscriber.js';

interface SubscriberRow {
  id: string;
  creator_id: string;
  email: string;
  status: SubscriberStatus;
  source: SubscriberSource;
  created_at: Date;
  confirmed_at: Date | null;
  unsubscribed_at: Date | null;
}

interface OwnerRow {
  id: string;
  username: string;
  display_name: string;
  subscribe_enabled: boolean;
  subscribe_title: string | null;
  is_premium: boolean;
}

const COLUMNS = 'id, creator_id, email, status, source, created_at, confirmed_at, unsubscribed_at';
const OWNER = 'select id, username, display_name, subscribe_enabled, subscribe_title, is_premium from users where deleted_at is null';

const toSubscriber = (r: SubscriberRow): Subscriber => ({
  id: r.id,
  creatorId: r.creator_id,
  email: r.email,
  status: r.status,
  source: r.source,
  createdAt: new Date(r.created_at),
  confirmedAt: r.confirmed_at ? new Date(r.confirmed_at) : null,
  unsubscribedAt: r.unsubscribed_at ? new Date(r.unsubscribed_at) : null,
});

const toOwner = (r: OwnerRow): ListOwner => ({
  id: r.id,
  username: r.username,
  displayName: r.display_name,
  subscribeEnabled: r.subscribe_enabled,
  subscribeTitle: r.subscribe_title,
  isPremium: r.is_premium,
});

/** The cursor of a page: the last row's (created_at, id), base64url; times compared to the millisecond, as JavaScript keeps them. */
const encodeCursor = (s: Subscriber) => Buffer.from(`${s.createdAt.toISOString()}|${s.id}`).toString('base64url');
function decodeCursor(cursor: string): { at: Date; id: string } | null {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  return id && /^[0-9a-f-]{36}$/i.test(id) && !Number.isNaN(date.getTime()) ? { at: date, id } : null;
}

/** PostgreSQL in plain SQL; the injected EntityManager joins the surrounding transaction. */
@Injectable()
export class PostgresSubscriberStore extends SubscriberStore {
  constructor(private readonly em: EntityManager) {
    super();
  }

  private rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.em.execute<T[]>(sql, params as never[]);
  }

  async ownerByUsername(username: string): Promise<ListOwner | null> {
    const [row] = await this.rows<OwnerRow>(`${OWNER} and lower(username) = ?`, [username.toLowerCase()]);
    return row ? toOwner(row) : null;
  }

  async ownerById(id: Id): Promise<ListOwner | null> {
    const [row] = await this.rows<OwnerRow>(`${OWNER} and id = ?`, [id]);
    return row ? toOwner(row) : null;
  }

  async requestConfirmation(input: Parameters<SubscriberStore['requestConfirmation']>[0]): Promise<{ subscriberId: Id } | null> {
    const [row] = await this.rows<{ id: string }>(
      `insert into subscribers (id, creator_id, email, status, source, confirm_token_hash, confirm_expires_at, created_at, updated_at)
       values (?, ?, ?, 'pending', ?, ?, ?, ?, ?)
       on conflict (creator_id, email) do update
         set status = 'pending', confirm_token_hash = excluded.confirm_token_hash,
             confirm_expires_at = excluded.confirm_expires_at, updated_at = excluded.updated_at
       where subscribers.status <> 'confirmed'
       returning id`,
      [input.id, input.creatorId, input.email, input.source, input.tokenHash, input.expiresAt, input.now, input.now],
    );
    return row ? { subscriberId: row.id } : null;
  }

  async confirm(tokenHash: string, now: Date): Promise<boolean> {
    const rows = await this.rows(
      `update subscribers set status = 'confirmed', confirmed_at = coalesce(confirmed_at, ?), updated_at = ?
        where confirm_token_hash = ? and confirm_expires_at > ? and status in ('pending', 'confirmed')
       returning id`,
      [now, now, tokenHash, now],
    );
    return rows.length > 0;
  }

  async addUnsubscribeToken(subscriberId: Id, tokenHash: string, now: Date): Promise<void> {
    await this.rows('insert into list_unsubscribe_tokens (token_hash, subscriber_id, created_at) values (?, ?, ?)', [tokenHash, subscriberId, now]);
  }

  async unsubscribeTokenKnown(tokenHash: string): Promise<boolean> {
    return (await this.rows('select 1 from list_unsubscribe_tokens where token_hash = ?', [tokenHash])).length > 0;
  }

  async unsubscribe(tokenHash: string, now: Date): Promise<boolean> {
    const rows = await this.rows(
      `update subscribers s
          set status = 'unsubscribed', unsubscribed_at = case when s.status = 'unsubscribed' then s.unsubscribed_at else ? end,
              confirm_token_hash = null, confirm_expires_at = null, updated_at = ?
         from list_unsubscribe_tokens t
        where t.token_hash = ? and s.id = t.subscriber_id
       returning s.id`,
      [now, now, tokenHash],
    );
    return rows.length > 0;
  }

  async page(creatorId: Id, limit: number, cursor: string | null): Promise<SubscriberPage> {
    const after = cursor ? decodeCursor(cursor) : null;
    const rows = await this.rows<SubscriberRow>(
      `select ${COLUMNS} from subscribers where creator_id = ?
       ${after ? "and (date_trunc('milliseconds', created_at), id) < (?, ?)" : ''}
       order by date_trunc('milliseconds', created_at) desc, id desc limit ?`,
      after ? [creatorId, after.at, after.id, limit + 1] : [creatorId, limit + 1],
    );
    const subscribers = rows.slice(0, limit).map(toSubscriber);
    return { subscribers, nextCursor: rows.length > limit ? encodeCursor(subscribers[subscribers.length - 1]!) : null };
  }

  async all(creatorId: Id): Promise<Subscriber[]> {
    const rows = await this.rows<SubscriberRow>(`select ${COLUMNS} from subscribers where creator_id = ? order by created_at desc, id desc`, [creatorId]);
    return rows.map(toSubscriber);
  }

  async confirmedCount(creatorId: Id): Promise<number> {
    const [row] = await this.rows<{ n: string }>("select count(*)::text as n from subscribers where creator_id = ? and status = 'confirmed'", [creatorId]);
    return Number(row?.n ?? 0);
  }

  async remove(creatorId: Id, subscriberId: Id): Promise<boolean> {
    return (await this.rows('delete from subscribers where id = ? and creator_id = ? returning id', [subscriberId, creatorId])).length > 0;
  }

  async saveBlock(creatorId: Id, enabled: boolean, title: string | null): Promise<void> {
    await this.rows('update users set subscribe_enabled = ?, subscribe_title = ?, updated_at = now() where id = ?', [enabled, title, creatorId]);
  }
}
