import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { BroadcastStatus } from '@linkbio/shared-contracts';
import type { Id } from '../../../shared/ids.js';
import { BroadcastStore, type Broadcast, type ClaimedRecipient } from '../application/ports/broadcast.store.js';

interface BroadcastRow {
  id: string;
  creator_id: string;
  subject: string;
  body: string;
  status: BroadcastStatus;
  recipient_count: number;
  sent_count: string;
  created_at: Date;
}

const SELECT = `
  select b.id, b.creator_id, b.subject, b.body, b.status, b.recipient_count, b.created_at,
         (select count(*) from broadcast_recipients r where r.broadcast_id = b.id)::text as sent_count
    from broadcasts b`;

const toBroadcast = (r: BroadcastRow): Broadcast => ({
  id: r.id,
  creatorId: r.creator_id,
  subject: r.subject,
  body: r.body,
  status: r.status,
  recipientCount: r.recipient_count,
  sentCount: Number(r.sent_count),
  createdAt: new Date(r.created_at),
});

/** Whom a broadcast goes to: the creator's subscribers confirmed before it was made, and confirmed still. */
const RECIPIENTS = `
  from subscribers s join broadcasts b on b.creator_id = s.creator_id
 where b.id = ? and s.status = 'confirmed' and s.confirmed_at <= b.created_at
   and not exists (select 1 from broadcast_recipients r where r.broadcast_id = b.id and r.subscriber_id = s.id)`;

/** PostgreSQL in plain SQL; the injected EntityManager joins the surrounding transaction. */
@Injectable()
export class PostgresBroadcastStore extends BroadcastStore {
  constructor(private readonly em: EntityManager) {
    super();
  }

  private rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.em.execute<T[]>(sql, params as never[]);
  }

  async create(input: { id: Id; creatorId: Id; subject: string; body: string; day: string; now: Date }): Promise<Broadcast | null> {
    const inserted = await this.rows<{ id: string }>(
      `insert into broadcasts (id, creator_id, subject, body, sent_on, status, recipient_count, created_at)
       select ?, ?, ?, ?, ?::date, 'sending',
              (select count(*) from subscribers where creator_id = ? and status = 'confirmed' and confirmed_at <= ?), ?
       on conflict (creator_id, sent_on) do nothing returning id`,
      [input.id, input.creatorId, input.subject, input.body, input.day, input.creatorId, input.now, input.now],
    );
    return inserted.length > 0 ? this.find(input.id) : null;
  }

  async find(id: Id): Promise<Broadcast | null> {
    const [row] = await this.rows<BroadcastRow>(`${SELECT} where b.id = ?`, [id]);
    return row ? toBroadcast(row) : null;
  }

  async list(creatorId: Id, limit: number): Promise<Broadcast[]> {
    const rows = await this.rows<BroadcastRow>(`${SELECT} where b.creator_id = ? order by b.created_at desc, b.id desc limit ?`, [creatorId, limit]);
    return rows.map(toBroadcast);
  }

  /**
   * Inserts the claim rows; a row another run inserted meanwhile is skipped (on conflict, after waiting for that
   * run's transaction), so only the rows this statement inserted come back.
   */
  async claim(broadcastId: Id, size: number, now: Date): Promise<ClaimedRecipient[]> {
    return (
      await this.rows<{ subscriber_id: string; email: string }>(
        `with picked as (select s.id, s.email ${RECIPIENTS} order by s.id limit ?),
              claimed as (
                insert into broadcast_recipients (broadcast_id, subscriber_id, created_at)
                select ?, id, ? from picked
                on conflict do nothing returning subscriber_id)
         select c.subscriber_id, p.email from claimed c join picked p on p.id = c.subscriber_id`,
        [broadcastId, size, broadcastId, now],
      )
    ).map((r) => ({ subscriberId: r.subscriber_id, email: r.email }));
  }

  async hasUnclaimed(broadcastId: Id): Promise<boolean> {
    return (await this.rows(`select 1 ${RECIPIENTS} limit 1`, [broadcastId])).length > 0;
  }

  async markSent(broadcastId: Id, now: Date): Promise<void> {
    await this.rows("update broadcasts set status = 'sent', finished_at = ? where id = ? and status = 'sending'", [now, broadcastId]);
  }
}
