import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Id } from '../../../shared/ids.js';
import { CarryoverStore } from '../application/ports/carryover.store.js';
import type { Carryover, CarryoverWithCreator } from '../domain/carryover.js';

interface CarryoverRow {
  id: string;
  creator_id: string;
  week: string;
  amount: number;
  created_at: Date;
}

const toCarryover = (r: CarryoverRow): Carryover => ({
  id: r.id,
  creatorId: r.creator_id,
  week: r.week,
  amount: Number(r.amount),
  createdAt: new Date(r.created_at),
});

/**
 * payout_carryovers in plain SQL: the unique (creator_id, week) keeps one record however many runs get there
 * (the first one's stands). The injected EntityManager joins the surrounding transaction.
 */
@Injectable()
export class PostgresCarryoverStore extends CarryoverStore {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async record(c: Carryover): Promise<Carryover> {
    await this.em.execute(
      `insert into payout_carryovers (id, creator_id, week, amount, created_at) values (?, ?, ?, ?, ?)
       on conflict (creator_id, week) do nothing`,
      [c.id, c.creatorId, c.week, c.amount, c.createdAt],
    );
    const [row] = await this.em.execute<CarryoverRow[]>(
      'select * from payout_carryovers where creator_id = ? and week = ?',
      [c.creatorId, c.week],
    );
    if (!row) throw new Error(`Carried-over week ${c.week} of creator ${c.creatorId} not stored`);
    return toCarryover(row);
  }

  async forOperators(week: string, creatorIds: Id[]): Promise<CarryoverWithCreator[]> {
    if (creatorIds.length === 0) return [];
    const rows = await this.em.execute<Array<CarryoverRow & { username: string }>>(
      `select c.*, u.username from payout_carryovers c join users u on u.id = c.creator_id
        where c.week = ? and c.creator_id in (?) order by u.username`,
      [week, creatorIds as never],
    );
    return rows.map((r) => ({ ...toCarryover(r), username: r.username }));
  }
}
