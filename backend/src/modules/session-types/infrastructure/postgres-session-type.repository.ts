import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { MAX_BOOKING_PRICE_CENTS, MIN_BOOKING_PRICE_CENTS, type IntakeQuestion, type SessionLocation } from '@linkbio/shared-contracts';
import type { Id } from '../../../shared/ids.js';
import { type RemoveOutcome, SessionTypeRepository } from '../application/ports/session-type.repository.js';
import type { ImplicitSessionType, SessionType } from '../domain/session-type.js';

interface TypeRow {
  id: string;
  creator_id: string;
  name: string;
  minutes: number;
  price_cents: number;
  description: string;
  location: SessionLocation | null;
  questions: IntakeQuestion[];
  enabled: boolean;
  position: number;
  created_at: Date | string;
  updated_at: Date | string;
}

const toSessionType = (row: TypeRow): SessionType => ({
  id: row.id,
  creatorId: row.creator_id,
  name: row.name,
  minutes: row.minutes,
  priceCents: row.price_cents,
  description: row.description,
  location: row.location,
  questions: row.questions,
  enabled: row.enabled,
  position: row.position,
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

/** The order every list of a creator's types has (the catalog's too). */
const ORDER = 'order by position, created_at, id';
/** Session length when the creator has not set their availability yet, as the scheduling module assumes. */
const DEFAULT_SESSION_MINUTES = 60;

/**
 * PostgreSQL, in plain SQL. The creator's users row is locked while their count or order is checked, so
 * concurrent requests of one creator take turns. The implicit type is read from identity's users.booking_price
 * and scheduling's availability.session_minutes (their rows, read only).
 */
@Injectable()
export class PostgresSessionTypeRepository extends SessionTypeRepository {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async listOwned(creatorId: Id): Promise<SessionType[]> {
    const rows = await this.em.execute<TypeRow[]>(`select * from session_types where creator_id = ? ${ORDER}`, [creatorId]);
    return rows.map(toSessionType);
  }

  async findOwned(creatorId: Id, id: Id): Promise<SessionType | null> {
    const [row] = await this.em.execute<TypeRow[]>('select * from session_types where id = ? and creator_id = ?', [id, creatorId]);
    return row ? toSessionType(row) : null;
  }

  async storeImplicit(creatorId: Id, make: (implicit: ImplicitSessionType) => SessionType): Promise<void> {
    // Most calls find a type stored already: answered without taking the lock.
    if (await this.hasTypes(this.em, creatorId)) return;
    await this.em.transactional(async (em) => {
      const implicit = await this.lockedImplicit(em, creatorId);
      if (!implicit || (await this.hasTypes(em, creatorId))) return;
      const type = make(implicit);
      type.position = 0;
      await this.write(em, type);
    });
  }

  async insert(type: SessionType, limit: number): Promise<boolean> {
    return this.em.transactional(async (em) => {
      await em.execute('select 1 from users where id = ? for update', [type.creatorId]);
      const [{ count, next }] = await em.execute<{ count: string; next: number }[]>(
        'select count(*) as count, coalesce(max(position) + 1, 0)::int as next from session_types where creator_id = ?',
        [type.creatorId],
      );
      if (Number(count) >= limit) return false;
      type.position = next;
      await this.write(em, type);
      return true;
    });
  }

  async save(type: SessionType): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update session_types
          set name = ?, minutes = ?, price_cents = ?, description = ?, location = ?::jsonb, questions = ?::jsonb, enabled = ?, updated_at = ?
        where id = ? and creator_id = ? returning id`,
      [
        type.name,
        type.minutes,
        type.priceCents,
        type.description,
        jsonOrNull(type.location),
        JSON.stringify(type.questions),
        type.enabled,
        type.updatedAt,
        type.id,
        type.creatorId,
      ],
    );
    return rows.length > 0;
  }

  async remove(creatorId: Id, id: Id): Promise<RemoveOutcome> {
    return this.em.transactional(async (em) => {
      const [user] = await em.execute<Array<{ booking_price: number | null }>>('select booking_price from users where id = ? for update', [creatorId]);
      const rows = await em.execute<{ id: string }[]>('select id from session_types where creator_id = ?', [creatorId]);
      if (!rows.some((row) => row.id === id)) return 'missing';
      if (rows.length === 1 && hasBookingPrice(user?.booking_price)) return 'only-type';
      await em.execute('delete from session_types where id = ? and creator_id = ?', [id, creatorId]);
      return 'removed';
    });
  }

  async reorder(creatorId: Id, ids: Id[], now: Date): Promise<boolean> {
    return this.em.transactional(async (em) => {
      await em.execute('select 1 from users where id = ? for update', [creatorId]);
      const rows = await em.execute<{ id: string }[]>('select id from session_types where creator_id = ?', [creatorId]);
      const owned = new Set(rows.map((row) => row.id));
      if (ids.length !== owned.size || new Set(ids).size !== ids.length || !ids.every((id) => owned.has(id))) return false;
      for (const [position, id] of ids.entries()) {
        await em.execute('update session_types set position = ?, updated_at = ? where id = ? and creator_id = ?', [position, now, id, creatorId]);
      }
      return true;
    });
  }

  private async hasTypes(em: EntityManager, creatorId: Id): Promise<boolean> {
    const [row] = await em.execute<{ found: boolean }[]>('select exists (select 1 from session_types where creator_id = ?) as found', [creatorId]);
    return row?.found === true;
  }

  /** Locks the creator's row and answers their implicit type, or null when they have no booking price. */
  private async lockedImplicit(em: EntityManager, creatorId: Id): Promise<ImplicitSessionType | null> {
    const [user] = await em.execute<Array<{ booking_price: number | null }>>(
      'select booking_price from users where id = ? and deleted_at is null for update',
      [creatorId],
    );
    if (!user || !hasBookingPrice(user.booking_price)) return null;
    const [availability] = await em.execute<Array<{ session_minutes: number }>>('select session_minutes from availability where creator_id = ?', [creatorId]);
    return { priceCents: user.booking_price, minutes: availability?.session_minutes ?? DEFAULT_SESSION_MINUTES };
  }

  private async write(em: EntityManager, type: SessionType): Promise<void> {
    await em.execute(
      `insert into session_types (id, creator_id, name, minutes, price_cents, description, location, questions, position, enabled, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?, ?, ?, ?)`,
      [
        type.id,
        type.creatorId,
        type.name,
        type.minutes,
        type.priceCents,
        type.description,
        jsonOrNull(type.location),
        JSON.stringify(type.questions),
        type.position,
        type.enabled,
        type.createdAt,
        type.updatedAt,
      ],
    );
  }
}

const jsonOrNull = (value: unknown): string | null => (value === null ? null : JSON.stringify(value));

/** A price the implicit type can be stored with (the booking settings' own range). */
const hasBookingPrice = (price: number | null | undefined): price is number =>
  typeof price === 'number' && price >= MIN_BOOKING_PRICE_CENTS && price <= MAX_BOOKING_PRICE_CENTS;
